import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { TestApp } from './helpers.js';
import { appWithClock, DAY, signedIn, type User } from './records-helpers.js';

// One app for the file: every test works as its own new users.
let t: TestApp;
let clock: { now: number };
beforeAll(async () => {
  ({ t, clock } = await appWithClock());
});
beforeEach(() => {
  // Sunday 2030-03-10, noon UTC: already Monday the 11th in Auckland (UTC+13).
  clock.now = Date.parse('2030-03-10T12:00:00Z');
});
afterAll(() => t.close());

async function dashboard(user: User) {
  const res = await user.browser.request('GET', '/api/dashboard/');
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function post(user: User, url: string, body: object) {
  const res = await user.browser.request('POST', url, { body });
  expect(res.statusCode).toBe(201);
  return Object.values(res.json())[0] as { id: string; version: number };
}

describe('GET /api/dashboard/', () => {
  it('is all zeros for a new user, with 14 days ending today', async () => {
    const pat = await signedIn(t.app);
    const summary = await dashboard(pat);
    expect(summary.counts).toEqual({ today: 0, overdue: 0, open: 0, done_this_week: 0 });
    expect(summary.goals).toEqual([]);
    expect(summary.completions).toHaveLength(14);
    expect(summary.completions[0]).toEqual({ date: '2030-02-25', count: 0 });
    expect(summary.completions[13]).toEqual({ date: '2030-03-10', count: 0 });
    const kiwi = await signedIn(t.app, 'Pacific/Auckland');
    expect((await dashboard(kiwi)).completions[13].date).toBe('2030-03-11');
  });

  it("counts today, overdue and open tasks in the user's time zone", async () => {
    const kiwi = await signedIn(t.app, 'Pacific/Auckland');
    const pat = await signedIn(t.app);
    for (const user of [pat, kiwi]) {
      await post(user, '/api/tasks/', { title: 'a', due_date: '2030-03-09' });
      await post(user, '/api/tasks/', { title: 'b', due_date: '2030-03-09', status: 'done' });
      await post(user, '/api/tasks/', {
        title: 'c',
        due_date: '2030-03-10',
        status: 'in_progress',
      });
      await post(user, '/api/tasks/', { title: 'd', due_date: '2030-03-11' });
      await post(user, '/api/tasks/', { title: 'e' });
      const gone = await post(user, '/api/tasks/', { title: 'f', due_date: '2030-03-09' });
      await user.browser.request('DELETE', `/api/tasks/${gone.id}/`);
    }
    expect((await dashboard(pat)).counts).toEqual({
      today: 1,
      overdue: 1,
      open: 4,
      done_this_week: 1,
    });
    expect((await dashboard(kiwi)).counts).toEqual({
      today: 1,
      overdue: 2,
      open: 4,
      done_this_week: 1,
    });
    const todayList = await kiwi.browser.request('GET', '/api/tasks/?due=today');
    expect(todayList.json().items).toHaveLength(1);
  });

  it('puts completions on the right local day, for the last 14 days only', async () => {
    const ny = await signedIn(t.app, 'America/New_York');
    const start = clock.now;
    // [days ago, hour UTC]: 02:00 UTC is still the previous day in New York.
    const completions: [number, number][] = [
      [0, 11],
      [0, 2],
      [1, 15],
      [6, 15],
      [7, 15],
      [13, 15],
      [14, 15],
      [20, 15],
    ];
    for (const [daysAgo, hour] of completions) {
      clock.now = Date.parse('2030-03-10T00:00:00Z') - daysAgo * DAY + hour * 3_600_000;
      await post(ny, '/api/tasks/', { title: `${daysAgo}`, status: 'done' });
    }
    clock.now = start - 2 * DAY;
    const reopened = await post(ny, '/api/tasks/', { title: 'reopened', status: 'done' });
    await ny.browser.request('PATCH', `/api/tasks/${reopened.id}/`, {
      body: { version: 1, status: 'todo' },
    });
    const deleted = await post(ny, '/api/tasks/', { title: 'deleted', status: 'done' });
    await ny.browser.request('DELETE', `/api/tasks/${deleted.id}/`);
    clock.now = start;
    const summary = await dashboard(ny);
    // Today in New York is 2030-03-10 (08:00 local).
    const byDate = Object.fromEntries(
      summary.completions.map((day: { date: string; count: number }) => [day.date, day.count]),
    );
    expect(summary.completions.map((d: { date: string }) => d.date)).toEqual(
      Array.from({ length: 14 }, (_, i) =>
        new Date(Date.parse('2030-02-25T00:00:00Z') + i * DAY).toISOString().slice(0, 10),
      ),
    );
    expect(byDate).toMatchObject({
      '2030-03-10': 1,
      '2030-03-09': 2,
      '2030-03-04': 1,
      '2030-03-03': 1,
      '2030-02-25': 1,
    });
    expect(summary.completions.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(6);
    expect(summary.counts.done_this_week).toBe(4);
  });

  it('lists at most 10 active goals in list order, with progress', async () => {
    const pat = await signedIn(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) {
      clock.now += 1000;
      const goal = await post(pat, '/api/goals/', {
        title: `g${i}`,
        ...(i < 3 ? { target_date: `2030-0${6 - i}-01` } : {}),
      });
      ids.push(goal.id);
    }
    const [first, second, third] = ids as [string, string, string];
    await pat.browser.request('PATCH', `/api/goals/${first}/`, {
      body: { version: 1, status: 'archived' },
    });
    await pat.browser.request('DELETE', `/api/goals/${ids[12]}/`);
    await post(pat, '/api/tasks/', { title: 'x', goal_id: second, status: 'done' });
    await post(pat, '/api/tasks/', { title: 'y', goal_id: second });
    const summary = await dashboard(pat);
    const list = (await pat.browser.request('GET', '/api/goals/?status=active')).json().items;
    expect(list).toHaveLength(11);
    expect(summary.goals).toHaveLength(10);
    expect(summary.goals.map((g: { id: string }) => g.id)).toEqual(
      list.slice(0, 10).map((g: { id: string }) => g.id),
    );
    expect(summary.goals.slice(0, 2)).toEqual([
      {
        id: third,
        title: 'g2',
        status: 'active',
        target_date: '2030-04-01',
        progress: { done: 0, total: 0 },
      },
      {
        id: second,
        title: 'g1',
        status: 'active',
        target_date: '2030-05-01',
        progress: { done: 1, total: 2 },
      },
    ]);
  });
});
