// Saved filter views (/api/views/): a name and a filter query, checked as the
// task list reads it; names unique per user whatever their case; a bounded
// number per user; someone else's view is a 404. Runs on SQLite and, with
// STRIDE_TEST_POSTGRES_URL (and STRIDE_TEST_REDIS_URL), on PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import type { TestApp } from './helpers.js';
import { appWithClock, expectSessionRequired, signedIn, type User } from './records-helpers.js';

interface View {
  id: string;
  name: string;
  query: string;
  created_at: string;
  updated_at: string;
}

let t: TestApp;
let clock: { now: number };
let pat: User;
beforeAll(async () => {
  ({ t, clock } = await appWithClock('2030-03-13T12:00:00Z'));
});
beforeEach(async () => {
  pat = await signedIn(t.app);
});
afterAll(() => t.close());

const create = (user: User, body: unknown) => user.browser.request('POST', '/api/views/', { body });
const patch = (user: User, id: string, body: unknown) =>
  user.browser.request('PATCH', `/api/views/${id}/`, { body });
const views = async (user: User): Promise<View[]> => {
  const res = await user.browser.request('GET', '/api/views/');
  expect(res.statusCode).toBe(200);
  return res.json().items;
};

async function created(user: User, name: string, query = 'today'): Promise<View> {
  clock.now += 1000;
  const res = await create(user, { name, query });
  expect(res.statusCode).toBe(201);
  return res.json().view;
}

describe('saved views', () => {
  it('are created, listed by name, changed and deleted', async () => {
    const res = await create(pat, { name: '  Errands today ', query: ' today & p1 ', id: 'mine' });
    // An unknown field is refused, never stored.
    expect(res.statusCode).toBe(400);
    const first = await created(pat, '  Errands today ', ' today & p1 ');
    const createdAt = new Date(clock.now).toISOString();
    expect(first).toEqual({
      id: expect.any(String),
      name: 'Errands today',
      query: 'today & p1',
      created_at: createdAt,
      updated_at: createdAt,
    });
    await created(pat, 'attention', 'overdue | p1');
    await created(pat, 'Backlog', 'no date & open');
    expect((await views(pat)).map((view) => view.name)).toEqual([
      'attention',
      'Backlog',
      'Errands today',
    ]);

    clock.now += 1000;
    const renamed = await patch(pat, first.id, { name: 'Today', query: 'today' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().view).toMatchObject({
      id: first.id,
      name: 'Today',
      query: 'today',
      created_at: createdAt,
      updated_at: new Date(clock.now).toISOString(),
    });
    const queryOnly = await patch(pat, first.id, { query: 'tomorrow' });
    expect(queryOnly.json().view).toMatchObject({ name: 'Today', query: 'tomorrow' });

    const deleted = await pat.browser.request('DELETE', `/api/views/${first.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await views(pat)).map((view) => view.name)).toEqual(['attention', 'Backlog']);
    expect((await pat.browser.request('DELETE', `/api/views/${first.id}/`)).statusCode).toBe(404);
  });

  it('check the query as the list does: a positioned invalid_filter', async () => {
    const res = await create(pat, { name: 'Broken', query: 'today & @errnd' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'No label is called “errnd”',
      code: 'invalid_filter',
      position: 8,
      fields: { query: 'No label is called “errnd”' },
    });
    const view = await created(pat, 'Fine');
    const bad = await patch(pat, view.id, { query: 'p1 & (today' });
    expect(bad.json()).toMatchObject({ code: 'invalid_filter', position: 5 });
    const blank = await create(pat, { name: 'Empty', query: '   ' });
    expect(blank.json()).toMatchObject({
      code: 'invalid_input',
      fields: { query: expect.any(String) },
    });
    expect((await views(pat)).map((v) => v.query)).toEqual(['today']);
  });

  it('need a name, unique whatever its case', async () => {
    for (const name of ['', '   ', 'x'.repeat(LIMITS.viewNameMax + 1)]) {
      const res = await create(pat, { name, query: 'today' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_input',
        fields: { name: expect.any(String) },
      });
    }
    await created(pat, 'x'.repeat(LIMITS.viewNameMax));
    const first = await created(pat, 'Errands');
    const again = await create(pat, { name: ' errands ', query: 'p1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'view_exists',
      fields: { name: expect.any(String) },
    });
    const other = await created(pat, 'Other');
    expect((await patch(pat, other.id, { name: 'ERRANDS' })).statusCode).toBe(409);
    // Its own name in another case is no clash.
    const recased = await patch(pat, first.id, { name: 'ERRANDS' });
    expect(recased.json().view.name).toBe('ERRANDS');
  });

  it('are at most the limit per user', async () => {
    for (let i = 0; i < LIMITS.viewsPerUser; i++) await created(pat, `View ${i}`);
    const res = await create(pat, { name: 'One more', query: 'today' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'too_many_views' });
    expect(res.json().error).toContain(String(LIMITS.viewsPerUser));
    expect(await views(pat)).toHaveLength(LIMITS.viewsPerUser);
    // Another user is not counted with them.
    const sam = await signedIn(t.app);
    await created(sam, 'One more');
  });

  it('are one user’s: another’s view is not found, and never listed', async () => {
    const view = await created(pat, 'Mine', 'p1');
    const sam = await signedIn(t.app);
    expect(await views(sam)).toEqual([]);
    expect((await patch(sam, view.id, { name: 'Taken' })).statusCode).toBe(404);
    expect((await sam.browser.request('DELETE', `/api/views/${view.id}/`)).statusCode).toBe(404);
    // Sam may use the same name.
    await created(sam, 'Mine');
    expect((await views(pat)).map((v) => [v.name, v.query])).toEqual([['Mine', 'p1']]);
  });

  it('refuse anonymous requests before reading them', async () => {
    await expectSessionRequired(t.app, [
      ['GET', '/api/views/'],
      ['POST', '/api/views/'],
      ['PATCH', '/api/views/00000000-0000-4000-8000-000000000000/'],
      ['DELETE', '/api/views/00000000-0000-4000-8000-000000000000/'],
    ]);
  });
});
