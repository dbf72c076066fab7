import { afterAll, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { LIVE_SYNC } from '@stride/shared/limits';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import { ListCache } from '../src/plugins/app/list-cache.js';
import { Browser, makeApp, type TestApp } from './helpers.js';
import { appWithClock, signedIn, type User } from './records-helpers.js';

// Two API instances on one database, as behind a load balancer: a write
// through either must show in the other's next list, cached or not.
let one: TestApp;
let two: TestApp;
let clock: { now: number };
beforeAll(async () => {
  ({ t: one, clock } = await appWithClock());
  two = await makeApp(undefined, { env: one.databaseEnv });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

/** The same user's browser, pointed at the second instance. */
function onTwo(user: User): Browser {
  const browser = new Browser(two.app);
  for (const [name, value] of user.browser.cookies) browser.cookies.set(name, value);
  return browser;
}

async function titles(browser: Browser, path = '/api/tasks/'): Promise<string[]> {
  const res = await browser.request('GET', path);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json().items.map((item: { title: string }) => item.title);
}

async function addTask(browser: Browser, title: string, extra: object = {}) {
  clock.now += 1000; // newest first, so each test knows the order
  const res = await browser.request('POST', '/api/tasks/', { body: { title, ...extra } });
  expect(res.statusCode).toBe(201);
  return res.json().task as { id: string; version: number };
}

describe('cached lists', () => {
  it('serves a repeated list without querying again, until the user writes', async () => {
    const user = await signedIn(one.app);
    await addTask(user.browser, 'First');
    const query = rs.spyOn(one.app.tasks, 'list');
    try {
      expect(await titles(user.browser)).toEqual(['First']);
      expect(await titles(user.browser)).toEqual(['First']);
      expect(query).toHaveBeenCalledTimes(1);
      await addTask(user.browser, 'Second');
      expect(await titles(user.browser)).toEqual(['Second', 'First']);
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      query.mockRestore();
    }
  });

  it('shows a write made through another instance at once', async () => {
    const user = await signedIn(one.app);
    const task = await addTask(user.browser, 'Draft');
    expect(await titles(user.browser)).toEqual(['Draft']);
    const res = await onTwo(user).request('PATCH', `/api/tasks/${task.id}/`, {
      body: { title: 'Final', version: task.version },
    });
    expect(res.statusCode).toBe(200);
    expect(await titles(user.browser)).toEqual(['Final']);
    // And the other way round, for goals and the dashboard as well.
    const otherBrowser = onTwo(user);
    expect(await titles(otherBrowser, '/api/goals/')).toEqual([]);
    const before = (await otherBrowser.request('GET', '/api/dashboard/')).json();
    await user.browser.request('POST', '/api/goals/', { body: { title: 'Run a 10k' } });
    await addTask(user.browser, 'Due today', { due_date: '2030-03-10' });
    expect(await titles(otherBrowser, '/api/goals/')).toEqual(['Run a 10k']);
    const after = (await otherBrowser.request('GET', '/api/dashboard/')).json();
    expect(after.counts.open).toBe(before.counts.open + 1);
    expect(after.goals.map((goal: { title: string }) => goal.title)).toEqual(['Run a 10k']);
  });

  it('drops the goal link from cached task pages when the goal is deleted', async () => {
    const user = await signedIn(one.app);
    const goal = (
      await user.browser.request('POST', '/api/goals/', { body: { title: 'Learn Welsh' } })
    ).json().goal;
    await addTask(user.browser, 'Lesson 1', { goal_id: goal.id });
    const linked = (await user.browser.request('GET', '/api/tasks/')).json().items;
    expect(linked[0].goal_id).toBe(goal.id);
    expect((await onTwo(user).request('DELETE', `/api/goals/${goal.id}/`)).statusCode).toBe(200);
    const unlinked = (await user.browser.request('GET', '/api/tasks/')).json().items;
    expect(unlinked[0].goal_id).toBeNull();
  });

  it('sees a change made straight in the database, since triggers bump the version', async () => {
    const user = await signedIn(one.app);
    await addTask(user.browser, 'Before');
    expect(await titles(user.browser)).toEqual(['Before']);
    await sql`update tasks set title = 'After' where user_id = ${user.userId}`.execute(
      one.app.database.db,
    );
    expect(await titles(user.browser)).toEqual(['After']);
  });

  it('labels each list answer with the data version it holds, and keeps labels and views like the rest', async () => {
    const user = await signedIn(one.app);
    await addTask(user.browser, 'First');
    const versionOf = async (path: string) => {
      const res = await user.browser.request('GET', path);
      expect(res.statusCode).toBe(200);
      return Number(res.headers[LIVE_SYNC.versionHeader]);
    };
    const lists = ['/api/tasks/', '/api/goals/', '/api/labels/', '/api/views/', '/api/dashboard/'];
    const before = await Promise.all(lists.map(versionOf));
    expect(before.every((version) => Number.isInteger(version) && version > 0)).toBe(true);
    expect(new Set(before).size).toBe(1);
    // A label is a write like a task: the version moves, and a cached label list is read again.
    const labels = rs.spyOn(one.app.labels, 'list');
    try {
      await titles(user.browser, '/api/labels/');
      expect(labels).toHaveBeenCalledTimes(0);
      const made = await user.browser.request('POST', '/api/labels/', { body: { name: 'home' } });
      expect(made.statusCode).toBe(201);
      expect(await versionOf('/api/labels/')).toBeGreaterThan(before[0] ?? 0);
      expect(labels).toHaveBeenCalledTimes(1);
    } finally {
      labels.mockRestore();
    }
  });

  it('keeps users apart and keys pages by every query input', async () => {
    const ann = await signedIn(one.app);
    const bob = await signedIn(one.app);
    await addTask(ann.browser, 'Ann high', { priority: 'high' });
    await addTask(ann.browser, 'Ann low', { priority: 'low' });
    await addTask(bob.browser, 'Bob');
    expect(await titles(ann.browser)).toEqual(['Ann low', 'Ann high']);
    expect(await titles(bob.browser)).toEqual(['Bob']);
    expect(await titles(ann.browser, '/api/tasks/?sort=priority')).toEqual(['Ann high', 'Ann low']);
    expect(await titles(ann.browser, '/api/tasks/?limit=1')).toEqual(['Ann low']);
  });
});

describe('ListCache', () => {
  /** A reply that records what was sent, serializing with JSON.stringify. */
  function fakeReply() {
    const sent: unknown[] = [];
    const reply = {
      serialize: (payload: unknown) => JSON.stringify(payload),
      header: () => reply,
      type: () => reply,
      send: (payload: unknown) => {
        sent.push(payload);
        return reply;
      },
    };
    return { reply: reply as unknown as FastifyReply, sent };
  }

  it('evicts the least recently used pages beyond its size, and can be turned off', async () => {
    const user = await signedIn(one.app);
    const body = (n: number) => ({ items: ['x'.repeat(40)], n });
    // Each entry is ~94 bytes (user id, key and body): room for two, not three.
    const cache = new ListCache(one.app.database.db, 200);
    const loads: string[] = [];
    const get = (key: string) =>
      cache.send(fakeReply().reply, user.userId, key, async () => {
        loads.push(key);
        return body(loads.length);
      });
    await get('a');
    await get('b');
    await get('a'); // a is now the most recent
    await get('c'); // evicts b
    await get('a');
    await get('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);

    const off = new ListCache(one.app.database.db, 0);
    const { reply, sent } = fakeReply();
    await off.send(reply, user.userId, 'a', async () => body(1));
    await off.send(reply, user.userId, 'a', async () => body(2));
    expect(sent).toEqual([body(1), body(2)]);
  });
});
