// Every loop the API runs over what a client sends, each given the worst
// input we can build for it. The bound is by design (a rule is looked at for
// at most ten years, a day at a time per month; an import reads at most so
// many lines; the agenda steps once per day of its window), so each answer
// comes within a second on a quiet machine, and the health check, asked at
// the same time, answers too: no request may hold the event loop. Before these bounds the
// same inputs took 14 s (a rule), 3 minutes (the agenda), 3.4 s and 1.5 s (a
// date cell, a title) and 64 s (an import's sections).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.js';
import { appWithClock, signedIn, type User } from './records-helpers.js';

let t: TestApp;
let pat: User;
beforeAll(async () => {
  ({ t } = await appWithClock());
});
beforeEach(async () => {
  pat = await signedIn(t.app);
});
afterAll(() => t.close());

/**
 * Sends `request` and, until it answers, one health check after another:
 * every health check must answer within a second, and the request within
 * three. A request that held the event loop would hold the health check in
 * flight back as long, so the health bound catches every loop that runs
 * without yielding (all the old ones did: 1.5 s to 3 min). The request's own
 * bound is looser because it measures throughput, which a busy two-core CI
 * machine stretches (a 10,000-rule import answered in 1.1 s there; alone,
 * the whole test with two such imports takes 0.8 s);
 * it still catches a loop that yields but runs unbounded.
 */
async function answersPromptly(
  request: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  const started = performance.now();
  let answered = false;
  let slowestHealth = 0;
  const answer = request().finally(() => {
    answered = true;
  });
  // Ends when the request answers: each turn lets the request's own I/O run
  // (a health check alone resolves without leaving the microtask queue),
  // then waits for one health check.
  while (!answered) {
    await new Promise((resolve) => setImmediate(resolve));
    const asked = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    slowestHealth = Math.max(slowestHealth, performance.now() - asked);
  }
  const response = await answer;
  expect(performance.now() - started).toBeLessThan(3000);
  expect(slowestHealth).toBeLessThan(1000);
  return response;
}

const importPreview = (content: string) =>
  pat.browser.request('POST', '/api/import/preview/', { body: { content } });

const todoist = (rows: string[]) =>
  ['TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE', ...rows]
    .join('\n')
    .concat('\n');

describe('repeat rules', () => {
  it.each([
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    `FREQ=MONTHLY;BYDAY=5MO;BYMONTHDAY=${Array.from({ length: 28 }, (_, i) => i + 1).join(',')}`,
  ])('refuses %s with a 400, at once', async (repeat) => {
    const res = await answersPromptly(() =>
      pat.browser.request('POST', '/api/tasks/', { body: { title: 'Never', repeat } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.repeat).toMatch(/never comes round/);
  });

  it('refuses a date outside the calendar Stride keeps', async () => {
    const res = await pat.browser.request('POST', '/api/tasks/', {
      body: { title: 'Old', due_date: '1000-01-01', repeat: 'FREQ=YEARLY' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['due_date']);
  });
});

describe('the agenda', () => {
  it(`lists ${LIMITS.agendaMax + 1} rare repeating tasks due long ago at once`, async () => {
    // Rare days (29 February, 13 March, a fifth Monday), each task due in 1900.
    const rules = [
      'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29',
      'FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=13',
      'FREQ=MONTHLY;BYDAY=5MO',
    ];
    const rows = Array.from({ length: LIMITS.agendaMax + 1 }, (_, i) => ({
      title: `Rare ${i}`,
      due_date: LIMITS.dateMin,
      repeat: rules[i % rules.length],
    }));
    // Written straight through the service: 501 POSTs would only time the set-up.
    for (const row of rows) await t.app.tasks.create(pat.userId, row);
    const res = await answersPromptly(() => pat.browser.request('GET', '/api/tasks/agenda/'));
    expect(res.statusCode).toBe(200);
    // The window is 11 to 24 March 2030: only the 13th comes round in it, once for each of its tasks.
    const entries: { date: string; occurrence: boolean }[] = res.json().entries;
    expect(entries).toHaveLength(Math.ceil(LIMITS.agendaMax / rules.length));
    expect(new Set(entries.map((entry) => `${entry.date} ${entry.occurrence}`))).toEqual(
      new Set(['2030-03-13 true']),
    );
  });
});

describe('an import', () => {
  it('reads a Todoist date cell built to make a weekday list backtrack', async () => {
    const cell = `every ${'thursdayand'.repeat(30)}thursdayX`;
    const res = await answersPromptly(() =>
      importPreview(todoist([`task,Call,,4,1,,,"${cell}",en,`])),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().problems[0].message).toContain('cannot be read');
  });

  it('reads a title of 40,000 commas', async () => {
    const res = await answersPromptly(() =>
      importPreview(todoist([`task,"x${','.repeat(40_000)}x",,4,1,,,,en,`])),
    );
    expect(res.statusCode).toBe(200);
  });

  it('looks each of 20,000 sections up once, and refuses a file past the line cap unread', async () => {
    const sections = Array.from({ length: 20_000 }, (_, i) => `section,Section ${i},,,,,,,,`);
    const res = await answersPromptly(() => importPreview(todoist(sections)));
    expect(res.statusCode).toBe(200);
    expect(res.json().problems[0].message).toContain(`at most ${LIMITS.importRecordsMax}`);

    const lines = Array.from({ length: LIMITS.importLinesMax + 5 }, () => 'task,x,,4,2,,,,,');
    const tooLong = await answersPromptly(() => importPreview(todoist(lines)));
    expect(tooLong.json().problems[0].message).toContain(
      `more than ${LIMITS.importLinesMax} lines`,
    );
  });

  it(`refuses ${LIMITS.importRecordsMax + 1} never-repeating rules, each checked once`, async () => {
    const task = (i: number) => ({
      id: `t${i}`,
      goal_id: null,
      title: `Task ${i}`,
      notes: null,
      status: 'todo',
      priority: 'none',
      due_date: null,
      due_time: null,
      // A different rule each time, so no answer is reused.
      repeat: `FREQ=MONTHLY;INTERVAL=${(i % 900) + 1};BYDAY=5MO;BYMONTHDAY=${(i % 28) + 1}`,
      subtasks: [],
      completed_at: null,
      created_at: '2030-01-01T00:00:00.000Z',
      updated_at: '2030-01-01T00:00:00.000Z',
      completions: [],
    });
    const file = (count: number) =>
      JSON.stringify({
        format: 'stride-export',
        version: 1,
        exported_at: '2030-01-01T00:00:00.000Z',
        goals: [],
        tasks: Array.from({ length: count }, (_, i) => task(i)),
      });
    const full = await answersPromptly(() => importPreview(file(LIMITS.importRecordsMax)));
    expect(full.json().problem_count).toBe(LIMITS.importRecordsMax);
    const over = await answersPromptly(() => importPreview(file(LIMITS.importRecordsMax + 1)));
    expect(over.json().problems).toEqual([
      { where: 'File', message: expect.stringContaining(`at most ${LIMITS.importRecordsMax}`) },
    ]);
  });
});
