// Property: for any set of tasks (with many ties in every sort key), any sort,
// filter and page size, walking the cursor yields every matching task exactly
// once, in the documented order.
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import type { TaskPriority, TaskSort, TaskStatus } from '@stride/shared/contract';
import fc from 'fast-check';
import type { TestApp } from './helpers.js';
import { appWithClock, signedIn } from './records-helpers.js';

interface Listed {
  id: string;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  created_at: string;
  position: string;
}

const RANK = { none: 0, low: 1, medium: 2, high: 3 };
const TODAY = '2030-03-10';

const desc = (a: string | number, b: string | number) => (a < b ? 1 : a > b ? -1 : 0);
const byCreated = (a: Listed, b: Listed) => desc(a.created_at, b.created_at) || desc(a.id, b.id);
const ORDER: Record<TaskSort, (a: Listed, b: Listed) => number> = {
  // Keys are unique per user: no tie to break.
  position: (a, b) => -desc(a.position, b.position),
  created_at: byCreated,
  due_date: (a, b) => -desc(a.due_date ?? '9999', b.due_date ?? '9999') || byCreated(a, b),
  priority: (a, b) => desc(RANK[a.priority], RANK[b.priority]) || byCreated(a, b),
};
const FILTER: Record<string, (task: Listed) => boolean> = {
  '': () => true,
  'status=open': (task) => task.status !== 'done',
  'status=done': (task) => task.status === 'done',
  'due=overdue': (task) =>
    task.due_date !== null && task.due_date < TODAY && task.status !== 'done',
  'due=upcoming': (task) => task.due_date !== null && task.due_date > TODAY,
};

const taskArb = fc.record({
  second: fc.integer({ min: 0, max: 3 }),
  status: fc.constantFrom<TaskStatus>('todo', 'in_progress', 'done'),
  priority: fc.constantFrom<TaskPriority>('none', 'low', 'medium', 'high'),
  due_date: fc.constantFrom(null, '2030-03-01', TODAY, '2030-03-20'),
});

let t: TestApp;
let clock: { now: number };
beforeAll(async () => {
  ({ t, clock } = await appWithClock(`${TODAY}T12:00:00Z`));
});
afterAll(() => t.close());

describe('cursor pagination', () => {
  it('returns every matching task once, in order, for any sort, filter and page size', async () => {
    const start = clock.now;
    await fc.assert(
      fc.asyncProperty(
        fc.array(taskArb, { maxLength: 30 }),
        fc.constantFrom<TaskSort>('position', 'created_at', 'due_date', 'priority'),
        fc.constantFrom(...Object.keys(FILTER)),
        fc.integer({ min: 1, max: 7 }),
        async (specs, sort, filter, limit) => {
          const { browser, userId } = await signedIn(t.app);
          const created: Listed[] = [];
          for (const { second, ...input } of specs) {
            clock.now = start + second * 1000;
            created.push(await t.app.tasks.create(userId, { title: 'task', ...input }));
          }
          clock.now = start;
          const expected = created.filter(FILTER[filter] ?? (() => true)).sort(ORDER[sort]);
          const seen: string[] = [];
          let cursor: string | null = null;
          for (let pages = 0; pages <= expected.length; pages++) {
            const query: string = `?sort=${sort}&limit=${limit}&${filter}${cursor ? `&cursor=${cursor}` : ''}`;
            const res = await browser.request('GET', `/api/tasks/${query}`);
            expect(res.statusCode).toBe(200);
            const page = res.json();
            expect(page.items.length).toBeLessThanOrEqual(limit);
            seen.push(...page.items.map((task: Listed) => task.id));
            cursor = page.next_cursor;
            if (!cursor) break;
          }
          expect(cursor).toBeNull();
          expect(seen).toEqual(expected.map((task) => task.id));
        },
      ),
      { numRuns: 60 },
    );
  });
});
