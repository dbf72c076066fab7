// Labels (docs/architecture.md §4, "Labels"): a task's labels
// are written by name and unknown names become labels; the label routes
// rename, recolour and delete them. Runs on SQLite and, with
// STRIDE_TEST_POSTGRES_URL, on PostgreSQL (with and without Redis).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import type { TestApp } from './helpers.js';
import { appWithClock, expectSessionRequired, signedIn, type User } from './records-helpers.js';

interface Task {
  id: string;
  labels: string[];
  version: number;
}
interface Label {
  id: string;
  name: string;
  color: string;
  task_count: number;
}

let t: TestApp;
let pat: User;
beforeAll(async () => {
  ({ t } = await appWithClock());
});
beforeEach(async () => {
  pat = await signedIn(t.app);
});
afterAll(() => t.close());

async function add(labels: string[], user = pat): Promise<Task> {
  const res = await user.browser.request('POST', '/api/tasks/', {
    body: { title: 'Buy milk', labels },
  });
  expect(res.statusCode).toBe(201);
  return res.json().task;
}

const patch = (task: Task, body: Record<string, unknown>) =>
  pat.browser.request('PATCH', `/api/tasks/${task.id}/`, {
    body: { version: task.version, ...body },
  });

async function labels(user = pat): Promise<Label[]> {
  const res = await user.browser.request('GET', '/api/labels/');
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

async function read(task: Task): Promise<Task> {
  return (await pat.browser.request('GET', `/api/tasks/${task.id}/`)).json().task;
}

describe("a task's labels", () => {
  it('are given by name, make the labels that do not exist, and list by name', async () => {
    const task = await add(['waiting', 'Errand', 'errand']);
    expect(task.labels).toEqual(['Errand', 'waiting']);
    expect(await labels()).toMatchObject([
      { name: 'Errand', color: 'grey', task_count: 1 },
      { name: 'waiting', color: 'grey', task_count: 1 },
    ]);
    // A second task names the same label in another case: no new label.
    expect((await add(['ERRAND'])).labels).toEqual(['Errand']);
    expect((await labels()).map((label) => [label.name, label.task_count])).toEqual([
      ['Errand', 2],
      ['waiting', 1],
    ]);
  });

  it('change with a version, like every other field, and show in lists', async () => {
    const task = await add(['errand']);
    const res = await patch(task, { labels: ['home', 'errand'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().task).toMatchObject({ labels: ['errand', 'home'], version: 2 });
    const list = await pat.browser.request('GET', '/api/tasks/');
    expect(list.json().items[0].labels).toEqual(['errand', 'home']);
    // The same labels in another order and case change nothing.
    const same = await patch(res.json().task, { labels: ['HOME', 'Errand'] });
    expect(same.json().task.version).toBe(2);
    // A stale version is a conflict, and the labels stay.
    const stale = await patch(task, { labels: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.labels).toEqual(['errand', 'home']);
    const cleared = await patch(res.json().task, { labels: [] });
    expect(cleared.json().task).toMatchObject({ labels: [], version: 3 });
    expect((await read(task)).labels).toEqual([]);
  });

  it('refuse names that are not one word, too long, or too many', async () => {
    for (const names of [
      ['two words'],
      ['@errand'],
      ['x'.repeat(LIMITS.labelNameMax + 1)],
      Array.from({ length: LIMITS.labelsPerTask + 1 }, (_, i) => `l${i}`),
    ]) {
      const res = await pat.browser.request('POST', '/api/tasks/', {
        body: { title: 'x', labels: names },
      });
      expect(res.statusCode).toBe(400);
      // The schema names the item (labels.0), the API the list.
      expect(Object.keys(res.json().fields ?? {})[0]).toMatch(/^labels/);
    }
    expect(await labels()).toEqual([]);
  });

  it('are made once when many writes name the same new label at once', async () => {
    const tasks = await Promise.all(Array.from({ length: 12 }, () => add(['together'])));
    expect(tasks.every((task) => task.labels[0] === 'together')).toBe(true);
    expect(await labels()).toMatchObject([{ name: 'together', task_count: 12 }]);
  });

  it("are each user's own", async () => {
    await add(['errand']);
    const sam = await signedIn(t.app);
    const hers = await add(['Errand'], sam);
    expect(hers.labels).toEqual(['Errand']);
    expect((await labels(sam)).map((label) => label.name)).toEqual(['Errand']);
    expect((await labels()).map((label) => label.name)).toEqual(['errand']);
    const [mine] = await labels();
    for (const [method, body] of [
      ['PATCH', { name: 'stolen' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await sam.browser.request(method, `/api/labels/${mine?.id}/`, { body });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('the label routes', () => {
  it('make, rename, recolour and delete a label', async () => {
    const made = await pat.browser.request('POST', '/api/labels/', {
      body: { name: ' errand ', color: 'teal' },
    });
    expect(made.statusCode).toBe(201);
    const label: Label = made.json().label;
    expect(label).toMatchObject({ name: 'errand', color: 'teal', task_count: 0 });
    const taken = await pat.browser.request('POST', '/api/labels/', { body: { name: 'ERRAND' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('label_exists');

    const task = await add(['errand']);
    const renamed = await pat.browser.request('PATCH', `/api/labels/${label.id}/`, {
      body: { name: 'Shops', color: 'amber' },
    });
    expect(renamed.json().label).toMatchObject({ name: 'Shops', color: 'amber', task_count: 1 });
    // The task shows the new name; its own version did not move.
    expect(await read(task)).toMatchObject({ labels: ['Shops'], version: 1 });

    const other = await add(['other']);
    const clash = await pat.browser.request('PATCH', `/api/labels/${label.id}/`, {
      body: { name: 'Other' },
    });
    expect(clash.statusCode).toBe(409);

    const gone = await pat.browser.request('DELETE', `/api/labels/${label.id}/`);
    expect(gone.statusCode).toBe(200);
    expect(await read(task)).toMatchObject({ labels: [], version: 1 });
    expect((await read(other)).labels).toEqual(['other']);
    expect((await pat.browser.request('DELETE', `/api/labels/${label.id}/`)).statusCode).toBe(404);
  });

  it('do not count deleted tasks', async () => {
    const task = await add(['errand']);
    await add(['errand']);
    await pat.browser.request('DELETE', `/api/tasks/${task.id}/`);
    expect((await labels())[0]?.task_count).toBe(1);
  });

  it(`keep at most ${LIMITS.labelsPerUser} labels per account`, async () => {
    const names = Array.from({ length: LIMITS.labelsPerUser }, (_, i) => `label${i}`);
    for (let i = 0; i < names.length; i += LIMITS.labelsPerTask) {
      await add(names.slice(i, i + LIMITS.labelsPerTask));
    }
    const over = await pat.browser.request('POST', '/api/labels/', { body: { name: 'one-more' } });
    expect(over.statusCode).toBe(400);
    expect(over.json().code).toBe('too_many_labels');
    const byTask = await pat.browser.request('POST', '/api/tasks/', {
      body: { title: 'x', labels: ['label1', 'one-more'] },
    });
    expect(byTask.statusCode).toBe(400);
    // A label that exists can still be given.
    expect((await add(['label1'])).labels).toEqual(['label1']);
    expect(await labels()).toHaveLength(LIMITS.labelsPerUser);
  });

  it('refuse bad names and colours with the field named', async () => {
    for (const body of [{ name: 'two words' }, { name: '' }, { name: 'ok', color: 'plaid' }]) {
      const res = await pat.browser.request('POST', '/api/labels/', { body });
      expect(res.statusCode).toBe(400);
    }
  });

  it('need a session', async () => {
    await expectSessionRequired(t.app, [
      ['GET', '/api/labels/'],
      ['POST', '/api/labels/'],
      ['PATCH', '/api/labels/x/'],
      ['DELETE', '/api/labels/x/'],
    ]);
  });
});
