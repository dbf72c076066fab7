import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { TestApp } from './helpers.js';
import {
  appWithClock,
  DAY,
  expectSessionRequired,
  signedIn,
  type User,
} from './records-helpers.js';

interface Task {
  id: string;
  title: string;
  status: string;
  due_date: string | null;
  version: number;
  [key: string]: unknown;
}

// One app for the file: every test works as its own new users.
let t: TestApp;
let clock: { now: number };
let pat: User;
beforeAll(async () => {
  ({ t, clock } = await appWithClock());
});
beforeEach(async () => {
  clock.now = Date.parse('2030-03-10T12:00:00Z');
  pat = await signedIn(t.app);
});
afterAll(() => t.close());

async function add(user: User, body: Record<string, unknown>): Promise<Task> {
  clock.now += 1000;
  const res = await user.browser.request('POST', '/api/tasks/', { body });
  expect(res.statusCode).toBe(201);
  return res.json().task;
}

async function list(user: User, query = ''): Promise<Task[]> {
  const res = await user.browser.request('GET', `/api/tasks/${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

const titles = (tasks: Task[]) => tasks.map((task) => task.title);

describe('POST /api/tasks/', () => {
  it('trims before it counts: 200 characters with spaces around are a valid title', async () => {
    // Was a 400: the schema measured the untrimmed text.
    const title = 't'.repeat(200);
    const res = await pat.browser.request('POST', '/api/tasks/', {
      body: { title: `  ${title}  `, notes: `  ${'n'.repeat(10_000)}  ` },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().task.title).toBe(title);
    const goal = await pat.browser.request('POST', '/api/goals/', {
      body: { title: ` ${title} ` },
    });
    expect(goal.statusCode).toBe(201);
  });

  it('creates a task with defaults, and completed_at when created done', async () => {
    const res = await pat.browser.request('POST', '/api/tasks/', { body: { title: ' Call mum ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().task).toEqual({
      id: expect.any(String),
      title: 'Call mum',
      notes: null,
      status: 'todo',
      priority: 'none',
      due_date: null,
      due_time: null,
      repeat: null,
      repeat_from: 'due',
      subtasks: [],
      goal_id: null,
      labels: [],
      reminders: [],
      completed_at: null,
      // The first task of the user's own order.
      position: 'a0',
      version: 1,
      created_at: '2030-03-10T12:00:00.000Z',
      updated_at: '2030-03-10T12:00:00.000Z',
    });
    const goal = (await pat.browser.request('POST', '/api/goals/', { body: { title: 'G' } })).json()
      .goal;
    const done = await add(pat, {
      title: 'Done already',
      notes: ' n ',
      status: 'done',
      priority: 'high',
      due_date: '2030-03-01',
      goal_id: goal.id,
    });
    expect(done).toMatchObject({
      notes: 'n',
      status: 'done',
      priority: 'high',
      due_date: '2030-03-01',
      goal_id: goal.id,
      completed_at: new Date(clock.now).toISOString(),
    });
  });

  it('refuses invalid input with 400 and the field', async () => {
    const eve = await signedIn(t.app);
    const evesGoal = (
      await eve.browser.request('POST', '/api/goals/', { body: { title: 'E' } })
    ).json().goal;
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'title'],
      [{ title: ' ' }, 'title'],
      // Invisible to a reader: zero-width spaces, a joiner, a BOM.
      [{ title: '\u200b\u200b\u200d\ufeff' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 'ok', notes: 'n'.repeat(10_001) }, 'notes'],
      [{ title: 'ok', status: 'blocked' }, 'status'],
      [{ title: 'ok', priority: 'urgent' }, 'priority'],
      [{ title: 'ok', due_date: '2030-04-31' }, 'due_date'],
      [{ title: 'ok', due_date: 20300401 }, 'due_date'],
      [{ title: 'ok', goal_id: evesGoal.id }, 'goal_id'],
      [{ title: 'ok', goal_id: 'no-such-goal' }, 'goal_id'],
      // Was a 500: the falsy id skipped the ownership check and the foreign key failed.
      [{ title: 'ok', goal_id: '' }, 'goal_id'],
      [{ title: 'ok', version: 3 }, 'version'],
      [{ title: 'ok', completed_at: '2030-01-01T00:00:00Z' }, 'completed_at'],
    ];
    for (const [body, field] of cases) {
      const res = await pat.browser.request('POST', '/api/tasks/', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    expect(await list(pat)).toEqual([]);
  });
});

describe('PATCH /api/tasks/{id}/', () => {
  it('sets completed_at when done, keeps it while done, clears it when reopened', async () => {
    const task = await add(pat, { title: 'Write' });
    const patch = async (body: object) =>
      (await pat.browser.request('PATCH', `/api/tasks/${task.id}/`, { body })).json().task;
    clock.now += DAY;
    const doneAt = new Date(clock.now).toISOString();
    expect(await patch({ version: 1, status: 'done' })).toMatchObject({
      status: 'done',
      completed_at: doneAt,
      version: 2,
      updated_at: doneAt,
    });
    clock.now += 1000;
    expect(await patch({ version: 2, status: 'done', title: 'Write more' })).toMatchObject({
      completed_at: doneAt,
      version: 3,
    });
    expect(await patch({ version: 3, status: 'in_progress' })).toMatchObject({
      completed_at: null,
      version: 4,
    });
  });

  it('answers a stale version with 409 and the current task; one concurrent write wins', async () => {
    const task = await add(pat, { title: 'Plan' });
    const first = await pat.browser.request('PATCH', `/api/tasks/${task.id}/`, {
      body: { version: 1, priority: 'low' },
    });
    const stale = await pat.browser.request('PATCH', `/api/tasks/${task.id}/`, {
      body: { version: 1, notes: 'typed meanwhile' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: expect.any(String),
      code: 'version_conflict',
      current: first.json().task,
    });
    const racing = await Promise.all(
      ['a', 'b'].map((notes) =>
        pat.browser.request('PATCH', `/api/tasks/${task.id}/`, { body: { version: 2, notes } }),
      ),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const now = (await pat.browser.request('GET', `/api/tasks/${task.id}/`)).json().task;
    expect(now.version).toBe(3);
    expect(racing.find((r) => r.statusCode === 200)?.json().task).toEqual(now);
  });

  it('needs the version and valid fields; moves tasks between goals', async () => {
    const task = await add(pat, { title: 'Move me' });
    for (const [body, field] of [
      [{ title: 'x' }, 'version'],
      [{ version: 1.5 }, 'version'],
      [{ version: 1, title: '' }, 'title'],
      [{ version: 1, due_date: 'tomorrow' }, 'due_date'],
      [{ version: 1, goal_id: 'nope' }, 'goal_id'],
      [{ version: 1, goal_id: '' }, 'goal_id'],
      [{ version: 1, id: 'other' }, 'id'],
    ] as const) {
      const res = await pat.browser.request('PATCH', `/api/tasks/${task.id}/`, { body });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const goal = (await pat.browser.request('POST', '/api/goals/', { body: { title: 'G' } })).json()
      .goal;
    const linked = await pat.browser.request('PATCH', `/api/tasks/${task.id}`, {
      body: { version: 1, goal_id: goal.id, due_date: '2030-04-01' },
    });
    expect(linked.json().task).toMatchObject({ goal_id: goal.id, due_date: '2030-04-01' });
    const unlinked = await pat.browser.request('PATCH', `/api/tasks/${task.id}/`, {
      body: { version: 2, goal_id: null, due_date: null, notes: null },
    });
    expect(unlinked.json().task).toMatchObject({ goal_id: null, due_date: null, version: 3 });
  });
});

describe('GET /api/tasks/ filters and sorts', () => {
  it('filters by status (and open), goal and text', async () => {
    const goal = (await pat.browser.request('POST', '/api/goals/', { body: { title: 'G' } })).json()
      .goal;
    await add(pat, { title: 'Buy Éclairs', status: 'done' });
    await add(pat, { title: 'water plants', notes: 'Use 100% rain_water', goal_id: goal.id });
    await add(pat, { title: 'Fix bike', status: 'in_progress', goal_id: goal.id });
    await add(pat, { title: 'plan 100x', notes: 'rainXwater' });
    expect(titles(await list(pat, '?status=done'))).toEqual(['Buy Éclairs']);
    expect(titles(await list(pat, '?status=open'))).toEqual([
      'plan 100x',
      'Fix bike',
      'water plants',
    ]);
    expect(titles(await list(pat, `?goal_id=${goal.id}`))).toEqual(['Fix bike', 'water plants']);
    expect(titles(await list(pat, `?goal_id=${goal.id}&status=todo`))).toEqual(['water plants']);
    expect(titles(await list(pat, '?q=éCLAIR'))).toEqual(['Buy Éclairs']);
    expect(titles(await list(pat, '?q=%20100%25'))).toEqual(['water plants']);
    expect(titles(await list(pat, '?q=rain_water'))).toEqual(['water plants']);
    expect(titles(await list(pat, '?q=RAIN'))).toEqual(['plan 100x', 'water plants']);
    expect(titles(await list(pat, '?q=%25'))).toEqual(['water plants']);
    expect(await list(pat, '?q=%5C')).toEqual([]);
    expect(await list(pat, '?goal_id=unknown')).toEqual([]);
    const long = await pat.browser.request('GET', `/api/tasks/?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toHaveProperty('q');
  });

  it("reads due dates in the user's time zone", async () => {
    // 2030-03-10T12:00Z is already the 11th in Auckland (UTC+13).
    const kiwi = await signedIn(t.app, 'Pacific/Auckland');
    for (const user of [pat, kiwi]) {
      await add(user, { title: 'due 9th', due_date: '2030-03-09' });
      await add(user, { title: 'due 9th, done', due_date: '2030-03-09', status: 'done' });
      await add(user, { title: 'due 10th', due_date: '2030-03-10' });
      await add(user, { title: 'due 11th', due_date: '2030-03-11' });
      await add(user, { title: 'no date' });
    }
    expect(titles(await list(pat, '?due=today'))).toEqual(['due 10th']);
    expect(titles(await list(pat, '?due=overdue'))).toEqual(['due 9th']);
    expect(titles(await list(pat, '?due=upcoming'))).toEqual(['due 11th']);
    expect(titles(await list(kiwi, '?due=today'))).toEqual(['due 11th']);
    expect(titles(await list(kiwi, '?due=overdue'))).toEqual(['due 10th', 'due 9th']);
    expect(await list(kiwi, '?due=upcoming')).toEqual([]);
    expect(titles(await list(kiwi, '?due=overdue&q=10'))).toEqual(['due 10th']);
  });

  it('sorts by created_at (newest first), due date and time (none last) and priority (high first)', async () => {
    await add(pat, { title: 'a', due_date: '2030-05-01', priority: 'low' });
    await add(pat, { title: 'b', priority: 'high' });
    await add(pat, { title: 'c', due_date: '2030-04-01' });
    await add(pat, { title: 'd', due_date: '2030-05-01', priority: 'medium' });
    await add(pat, { title: 'e', priority: 'high' });
    expect(titles(await list(pat))).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(titles(await list(pat, '?sort=created_at'))).toEqual(['e', 'd', 'c', 'b', 'a']);
    expect(titles(await list(pat, '?sort=due_date'))).toEqual(['c', 'd', 'a', 'e', 'b']);
    expect(titles(await list(pat, '?sort=priority'))).toEqual(['e', 'b', 'd', 'a', 'c']);
    // Within a day, by time of day (the untimed last), across pages too.
    await add(pat, { title: 'g', due_date: '2030-04-01', due_time: '08:00' });
    await add(pat, { title: 'f', due_date: '2030-04-01', due_time: '19:00' });
    expect(titles(await list(pat, '?sort=due_date'))).toEqual(['g', 'f', 'c', 'd', 'a', 'e', 'b']);
    const page = (await pat.browser.request('GET', '/api/tasks/?sort=due_date&limit=1')).json();
    const rest = await list(pat, `?sort=due_date&limit=10&cursor=${page.next_cursor}`);
    expect([...titles(page.items), ...titles(rest)]).toEqual(['g', 'f', 'c', 'd', 'a', 'e', 'b']);
    for (const query of ['?sort=title', '?status=closed', '?due=later', '?limit=0', '?cursor=x']) {
      expect((await pat.browser.request('GET', `/api/tasks/${query}`)).statusCode).toBe(400);
    }
  });

  it('keeps paging stable while tasks are added, and refuses a cursor of another sort', async () => {
    for (let i = 0; i < 5; i++) await add(pat, { title: `t${i}` });
    const first = (await pat.browser.request('GET', '/api/tasks/?limit=2')).json();
    await add(pat, { title: 'newer' });
    const rest = await list(pat, `?limit=10&cursor=${first.next_cursor}`);
    expect([...titles(first.items), ...titles(rest)]).toEqual(['t4', 't3', 't2', 't1', 't0']);
    const other = await pat.browser.request(
      'GET',
      `/api/tasks/?sort=due_date&cursor=${first.next_cursor}`,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: 'invalid_cursor',
      fields: { cursor: expect.any(String) },
    });
  });
});

describe('DELETE /api/tasks/{id}/ and restore', () => {
  it('soft-deletes, hides, restores with links intact, and purges after 30 days', async () => {
    const goal = (await pat.browser.request('POST', '/api/goals/', { body: { title: 'G' } })).json()
      .goal;
    const task = await add(pat, { title: 'Keep', goal_id: goal.id, status: 'done' });
    const old = await add(pat, { title: 'Old' });
    const del = await pat.browser.request('DELETE', `/api/tasks/${task.id}/`);
    expect(del.statusCode).toBe(200);
    expect(del.json().task).toEqual(task);
    expect((await pat.browser.request('GET', `/api/tasks/${task.id}/`)).statusCode).toBe(404);
    expect((await pat.browser.request('DELETE', `/api/tasks/${task.id}/`)).statusCode).toBe(404);
    const patch = await pat.browser.request('PATCH', `/api/tasks/${task.id}/`, {
      body: { version: 1, title: 'x' },
    });
    expect(patch.statusCode).toBe(404);
    expect(titles(await list(pat))).toEqual(['Old']);
    const goalNow = (await pat.browser.request('GET', `/api/goals/${goal.id}/`)).json().goal;
    expect(goalNow.progress).toEqual({ done: 0, total: 0 });

    const restored = await pat.browser.request('POST', `/api/tasks/${task.id}/restore/`);
    expect(restored.json().task).toEqual(task);
    expect(titles(await list(pat))).toEqual(['Old', 'Keep']);

    await pat.browser.request('DELETE', `/api/tasks/${old.id}/`);
    clock.now += 31 * DAY;
    await t.app.purgeDeleted();
    pat.browser.cookies.set('stride_session', await t.app.sessions.create(pat.userId));
    expect((await pat.browser.request('POST', `/api/tasks/${old.id}/restore/`)).statusCode).toBe(
      404,
    );
    expect(titles(await list(pat))).toEqual(['Keep']);
  });
});

describe('access', () => {
  it("answers 404 for another user's task everywhere and never lists it", async () => {
    const task = await add(pat, { title: 'Private', due_date: '2030-03-10' });
    const eve = await signedIn(t.app);
    for (const res of [
      await eve.browser.request('GET', `/api/tasks/${task.id}/`),
      await eve.browser.request('PATCH', `/api/tasks/${task.id}/`, {
        body: { version: 1, title: 'x' },
      }),
      await eve.browser.request('DELETE', `/api/tasks/${task.id}/`),
      await eve.browser.request('POST', `/api/tasks/${task.id}/restore/`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
    for (const query of ['', '?due=today', '?q=private', '?status=todo', '?sort=due_date']) {
      expect(await list(eve, query)).toEqual([]);
    }
    expect((await pat.browser.request('GET', `/api/tasks/${task.id}/`)).json().task).toEqual(task);
  });

  it('needs a session (401) and an allowed Origin for writes (403)', async () => {
    const task = await add(pat, { title: 'Mine' });
    await expectSessionRequired(t.app, [
      ['GET', '/api/tasks/'],
      ['POST', '/api/tasks/'],
      ['GET', `/api/tasks/${task.id}/`],
      ['PATCH', `/api/tasks/${task.id}/`],
      ['DELETE', `/api/tasks/${task.id}/`],
      ['POST', `/api/tasks/${task.id}/restore/`],
      ['GET', '/api/dashboard/'],
    ]);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/tasks/',
      headers: { cookie: `stride_session=${pat.browser.cookies.get('stride_session')}` },
      payload: { title: 'csrf' },
    });
    expect(noOrigin.statusCode).toBe(403);
    const textPlain = await pat.browser.request('POST', '/api/tasks/', {
      payload: '{"title":"csrf"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(textPlain.statusCode).toBe(415);
    const huge = await pat.browser.request('POST', '/api/tasks/', {
      payload: JSON.stringify({ title: 'x', notes: 'n'.repeat(70_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(titles(await list(pat))).toEqual(['Mine']);
  });
});
