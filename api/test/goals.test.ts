import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { TestApp } from './helpers.js';
import {
  appWithClock,
  DAY,
  expectSessionRequired,
  signedIn,
  type User,
} from './records-helpers.js';

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

async function createGoal(user: User, body: Record<string, unknown>) {
  clock.now += 1000;
  const res = await user.browser.request('POST', '/api/goals/', { body });
  expect(res.statusCode).toBe(201);
  return res.json().goal;
}

describe('POST /api/goals/', () => {
  it('creates an active goal at version 1 with trimmed text and no progress', async () => {
    const res = await pat.browser.request('POST', '/api/goals/', {
      body: { title: '  Run a marathon ', description: '  42 km ', target_date: '2030-05-01' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().goal).toEqual({
      id: expect.any(String),
      title: 'Run a marathon',
      description: '42 km',
      status: 'active',
      target_date: '2030-05-01',
      progress: { done: 0, total: 0 },
      version: 1,
      created_at: '2030-03-10T12:00:00.000Z',
      updated_at: '2030-03-10T12:00:00.000Z',
    });
    const bare = await pat.browser.request('POST', '/api/goals', { body: { title: 'x' } });
    expect(bare.json().goal).toMatchObject({ description: null, target_date: null });
  });

  it('refuses invalid input with 400 and the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: ' \u200b ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: 5 }, 'title'],
      [{ title: 'ok', description: 'd'.repeat(10_001) }, 'description'],
      [{ title: 'ok', target_date: '2031-02-29' }, 'target_date'],
      [{ title: 'ok', target_date: '2030-13-01' }, 'target_date'],
      [{ title: 'ok', target_date: '2030-1-5' }, 'target_date'],
      [{ title: 'ok', target_date: '2030-01-05T00:00:00Z' }, 'target_date'],
      [{ title: 'ok', status: 'completed' }, 'status'],
      [{ title: 'ok', user_id: 'someone' }, 'user_id'],
    ];
    for (const [body, field] of cases) {
      const res = await pat.browser.request('POST', '/api/goals/', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const leap = await pat.browser.request('POST', '/api/goals/', {
      body: { title: 'x'.repeat(200), target_date: '2032-02-29' },
    });
    expect(leap.statusCode).toBe(201);
  });
});

describe('GET /api/goals/', () => {
  it('orders by target date (none last), then newest, and filters by status', async () => {
    const late = await createGoal(pat, { title: 'late', target_date: '2031-01-01' });
    const none1 = await createGoal(pat, { title: 'none old' });
    const soon = await createGoal(pat, { title: 'soon', target_date: '2030-04-01' });
    const none2 = await createGoal(pat, { title: 'none new' });
    const done = await createGoal(pat, { title: 'done', target_date: '2030-03-20' });
    await pat.browser.request('PATCH', `/api/goals/${done.id}/`, {
      body: { version: 1, status: 'completed' },
    });
    const all = (await pat.browser.request('GET', '/api/goals/')).json();
    expect(all.items.map((g: { title: string }) => g.title)).toEqual([
      'done',
      'soon',
      'late',
      'none new',
      'none old',
    ]);
    const active = (await pat.browser.request('GET', '/api/goals/?status=active')).json();
    expect(active.items.map((g: { id: string }) => g.id)).toEqual([
      soon.id,
      late.id,
      none2.id,
      none1.id,
    ]);
    const completed = await pat.browser.request('GET', '/api/goals/?status=completed');
    expect(completed.json().items).toHaveLength(1);
  });

  it('pages with an opaque cursor, without duplicates or gaps', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const goal = await createGoal(pat, {
        title: `g${i}`,
        ...(i % 3 ? { target_date: `2030-0${4 + (i % 2)}-01` } : {}),
      });
      ids.push(goal.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3';
      const page = (await pat.browser.request('GET', `/api/goals/${query}`)).json();
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((g: { id: string }) => g.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(ids));
    const whole = (await pat.browser.request('GET', '/api/goals/')).json();
    expect(whole.items.map((g: { id: string }) => g.id)).toEqual(seen);
    expect(whole.next_cursor).toBeNull();
  });

  it('refuses a bad cursor, limit or filter with 400', async () => {
    const taskCursor = Buffer.from(JSON.stringify(['created_at', 'x', 'y'])).toString('base64url');
    for (const query of [
      'cursor=nonsense',
      `cursor=${taskCursor}`,
      `cursor=${Buffer.from('["goals",1,2,3]').toString('base64url')}`,
      'limit=0',
      'limit=101',
      'limit=ten',
      'limit=-1',
      'status=done',
      'status=active&status=archived',
      'color=red',
    ]) {
      const res = await pat.browser.request('GET', `/api/goals/?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toMatch(/^invalid_/);
    }
    const ok = await pat.browser.request('GET', '/api/goals/?limit=100');
    expect(ok.statusCode).toBe(200);
  });

  it('lists the first goal from onboarding (rows from before the migration stay valid)', async () => {
    await pat.browser.request('POST', '/api/onboarding/complete/', {
      body: {
        first_name: 'Pat',
        last_name: 'Doe',
        username: 'pat_doe',
        first_goal: { title: 'Learn Dutch', target_date: '2030-12-31' },
      },
    });
    const list = (await pat.browser.request('GET', '/api/goals/')).json();
    expect(list.items).toEqual([
      expect.objectContaining({
        title: 'Learn Dutch',
        description: null,
        status: 'active',
        version: 1,
        progress: { done: 0, total: 0 },
      }),
    ]);
  });
});

describe('GET and PATCH /api/goals/{id}/', () => {
  it('updates with the current version: version + 1 and a new updated_at', async () => {
    const goal = await createGoal(pat, { title: 'Read', target_date: '2030-06-01' });
    clock.now += DAY;
    const res = await pat.browser.request('PATCH', `/api/goals/${goal.id}/`, {
      body: { version: 1, title: ' Read 12 books ', target_date: null, status: 'archived' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().goal).toEqual({
      ...goal,
      title: 'Read 12 books',
      target_date: null,
      status: 'archived',
      version: 2,
      updated_at: new Date(clock.now).toISOString(),
    });
    const read = await pat.browser.request('GET', `/api/goals/${goal.id}`);
    expect(read.json().goal).toEqual(res.json().goal);
  });

  it('answers a stale version with 409 and the current goal, and changes nothing', async () => {
    const goal = await createGoal(pat, { title: 'Swim' });
    const first = await pat.browser.request('PATCH', `/api/goals/${goal.id}/`, {
      body: { version: 1, title: 'Swim 1 km' },
    });
    const stale = await pat.browser.request('PATCH', `/api/goals/${goal.id}/`, {
      body: { version: 1, title: 'Swim 2 km', description: 'lost?' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: expect.any(String),
      code: 'version_conflict',
      current: first.json().goal,
    });
    const ahead = await pat.browser.request('PATCH', `/api/goals/${goal.id}/`, {
      body: { version: 9, title: 'x' },
    });
    expect(ahead.statusCode).toBe(409);
    const now = (await pat.browser.request('GET', `/api/goals/${goal.id}/`)).json().goal;
    expect(now).toMatchObject({ title: 'Swim 1 km', description: null, version: 2 });
  });

  it('lets exactly one of two concurrent updates from the same version win', async () => {
    const goal = await createGoal(pat, { title: 'Race' });
    const results = await Promise.all(
      ['A', 'B', 'C'].map((title) =>
        pat.browser.request('PATCH', `/api/goals/${goal.id}/`, { body: { version: 1, title } }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.statusCode === 200)?.json().goal;
    expect((await pat.browser.request('GET', `/api/goals/${goal.id}/`)).json().goal).toEqual(
      winner,
    );
  });

  it('needs the version (400) and valid fields', async () => {
    const goal = await createGoal(pat, { title: 'Cook' });
    for (const [body, field] of [
      [{ title: 'x' }, 'version'],
      [{ version: '1', title: 'x' }, 'version'],
      [{ version: 0 }, 'version'],
      [{ version: 1, title: '' }, 'title'],
      [{ version: 1, title: null }, 'title'],
      [{ version: 1, status: 'done' }, 'status'],
      [{ version: 1, target_date: '2030-02-30' }, 'target_date'],
      [{ version: 1, progress: { done: 1, total: 1 } }, 'progress'],
    ] as const) {
      const res = await pat.browser.request('PATCH', `/api/goals/${goal.id}/`, { body });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toEqual([field]);
    }
    const noop = await pat.browser.request('PATCH', `/api/goals/${goal.id}/`, {
      body: { version: 1 },
    });
    expect(noop.statusCode).toBe(200);
    expect(noop.json().goal.version).toBe(1);
  });

  it('counts progress from the live tasks linked to the goal', async () => {
    const goal = await createGoal(pat, { title: 'Ship' });
    const other = await createGoal(pat, { title: 'Other' });
    const add = async (body: object) =>
      (await pat.browser.request('POST', '/api/tasks/', { body })).json().task;
    await add({ title: 'a', goal_id: goal.id, status: 'done' });
    await add({ title: 'b', goal_id: goal.id, status: 'in_progress' });
    const c = await add({ title: 'c', goal_id: goal.id });
    const d = await add({ title: 'd', goal_id: goal.id, status: 'done' });
    await add({ title: 'e', goal_id: other.id, status: 'done' });
    await add({ title: 'f' });
    await pat.browser.request('DELETE', `/api/tasks/${d.id}/`);
    await pat.browser.request('PATCH', `/api/tasks/${c.id}/`, {
      body: { version: 1, status: 'done' },
    });
    const read = (await pat.browser.request('GET', `/api/goals/${goal.id}/`)).json().goal;
    expect(read.progress).toEqual({ done: 2, total: 3 });
    const list = (await pat.browser.request('GET', '/api/goals/')).json().items;
    expect(list.map((g: { progress: object }) => g.progress)).toEqual([
      { done: 1, total: 1 },
      { done: 2, total: 3 },
    ]);
  });
});

describe('DELETE /api/goals/{id}/ and restore', () => {
  it('soft-deletes: hidden from lists and reads; its tasks stay, unlinked, until restored', async () => {
    const goal = await createGoal(pat, { title: 'Garden' });
    const task = (
      await pat.browser.request('POST', '/api/tasks/', { body: { title: 'Dig', goal_id: goal.id } })
    ).json().task;
    const del = await pat.browser.request('DELETE', `/api/goals/${goal.id}/`);
    expect(del.statusCode).toBe(200);
    expect(del.json().goal).toMatchObject({ id: goal.id, progress: { done: 0, total: 1 } });
    expect((await pat.browser.request('GET', `/api/goals/${goal.id}/`)).statusCode).toBe(404);
    expect((await pat.browser.request('GET', '/api/goals/')).json().items).toEqual([]);
    expect((await pat.browser.request('DELETE', `/api/goals/${goal.id}/`)).statusCode).toBe(404);
    const patch = await pat.browser.request('PATCH', `/api/goals/${goal.id}/`, {
      body: { version: 1, title: 'x' },
    });
    expect(patch.statusCode).toBe(404);
    const orphan = (await pat.browser.request('GET', `/api/tasks/${task.id}/`)).json().task;
    expect(orphan).toMatchObject({ id: task.id, goal_id: null, version: 1 });
    const byGoal = await pat.browser.request('GET', `/api/tasks/?goal_id=${goal.id}`);
    expect(byGoal.json().items).toEqual([]);
    const link = await pat.browser.request('POST', '/api/tasks/', {
      body: { title: 'x', goal_id: goal.id },
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().fields).toHaveProperty('goal_id');

    const restored = await pat.browser.request('POST', `/api/goals/${goal.id}/restore/`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().goal).toEqual({ ...goal, progress: { done: 0, total: 1 } });
    expect((await pat.browser.request('GET', `/api/tasks/${task.id}/`)).json().task).toEqual(task);
    const again = await pat.browser.request('POST', `/api/goals/${goal.id}/restore`);
    expect(again.statusCode).toBe(200);
  });

  it('with delete_tasks=true deletes its tasks too, and restore brings back only those', async () => {
    const goal = await createGoal(pat, { title: 'Move' });
    const add = async (title: string) =>
      (
        await pat.browser.request('POST', '/api/tasks/', { body: { title, goal_id: goal.id } })
      ).json().task;
    const keep = await add('pack');
    const gone = await add('sell sofa');
    await pat.browser.request('DELETE', `/api/tasks/${gone.id}/`);
    clock.now += 1000;
    const del = await pat.browser.request('DELETE', `/api/goals/${goal.id}/?delete_tasks=true`);
    expect(del.json().goal.progress).toEqual({ done: 0, total: 0 });
    expect((await pat.browser.request('GET', `/api/tasks/${keep.id}/`)).statusCode).toBe(404);
    expect((await pat.browser.request('GET', '/api/tasks/')).json().items).toEqual([]);
    await pat.browser.request('POST', `/api/goals/${goal.id}/restore/`);
    const tasks = (await pat.browser.request('GET', '/api/tasks/')).json().items;
    expect(tasks).toEqual([keep]);
    const bad = await pat.browser.request('DELETE', `/api/goals/${goal.id}/?delete_tasks=yes`);
    expect(bad.statusCode).toBe(400);
  });

  it('purges goals deleted more than 30 days ago, unlinking the tasks that remain', async () => {
    const old = await createGoal(pat, { title: 'Old' });
    const recent = await createGoal(pat, { title: 'Recent' });
    const task = (
      await pat.browser.request('POST', '/api/tasks/', { body: { title: 't', goal_id: old.id } })
    ).json().task;
    await pat.browser.request('DELETE', `/api/goals/${old.id}/`);
    clock.now += 20 * DAY;
    await pat.browser.request('DELETE', `/api/goals/${recent.id}/`);
    clock.now += 10 * DAY + 1000;
    await t.app.purgeDeleted();
    // The session went idle meanwhile: sign in again.
    pat.browser.cookies.set('stride_session', await t.app.sessions.create(pat.userId));
    const rows = await t.app.database.db
      .selectFrom('goals')
      .select('id')
      .where('user_id', '=', pat.userId)
      .execute();
    expect(rows.map((r) => r.id)).toEqual([recent.id]);
    const taskRow = await t.app.database.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    expect(taskRow.goal_id).toBeNull();
    expect((await pat.browser.request('POST', `/api/goals/${old.id}/restore/`)).statusCode).toBe(
      404,
    );
    expect((await pat.browser.request('POST', `/api/goals/${recent.id}/restore/`)).statusCode).toBe(
      200,
    );
  });
});

describe('access', () => {
  it("answers 404 for another user's goal on every route, and never lists it", async () => {
    const goal = await createGoal(pat, { title: 'Private' });
    const eve = await signedIn(t.app);
    const calls = [
      eve.browser.request('GET', `/api/goals/${goal.id}/`),
      eve.browser.request('PATCH', `/api/goals/${goal.id}/`, { body: { version: 1, title: 'x' } }),
      eve.browser.request('DELETE', `/api/goals/${goal.id}/`),
      eve.browser.request('POST', `/api/goals/${goal.id}/restore/`),
      eve.browser.request('GET', '/api/goals/does-not-exist/'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
    }
    expect((await eve.browser.request('GET', '/api/goals/')).json().items).toEqual([]);
    const link = await eve.browser.request('POST', '/api/tasks/', {
      body: { title: 'x', goal_id: goal.id },
    });
    expect(link.statusCode).toBe(400);
    expect((await pat.browser.request('GET', `/api/goals/${goal.id}/`)).json().goal).toEqual(goal);
  });

  it('needs a session (401) and an allowed Origin for writes (403)', async () => {
    const goal = await createGoal(pat, { title: 'Mine' });
    await expectSessionRequired(t.app, [
      ['GET', '/api/goals/'],
      ['POST', '/api/goals/'],
      ['GET', `/api/goals/${goal.id}/`],
      ['PATCH', `/api/goals/${goal.id}/`],
      ['DELETE', `/api/goals/${goal.id}/`],
      ['POST', `/api/goals/${goal.id}/restore/`],
    ]);
    const foreign = await pat.browser.request('DELETE', `/api/goals/${goal.id}/`, {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await pat.browser.request('GET', `/api/goals/${goal.id}/`)).statusCode).toBe(200);
  });
});
