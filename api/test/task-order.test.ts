// The user's own order (docs/architecture.md §4 "Own order"): new tasks on
// top, a move rewrites one row, a taken key gives way to the next free one,
// and bad keys are a 400. Runs on SQLite and, with STRIDE_TEST_POSTGRES_URL,
// on PostgreSQL, where the keys must still sort byte by byte ("Zz" < "a0").
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import Database from 'better-sqlite3';
import { generateKeyBetween } from 'fractional-indexing';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrationProvider } from '../src/db/migrations.js';
import type { TestApp } from './helpers.js';
import { appWithClock, signedIn, type User } from './records-helpers.js';

interface Task {
  id: string;
  title: string;
  position: string;
  version: number;
  updated_at: string;
}

let t: TestApp;
let clock: { now: number };
let pat: User;
beforeAll(async () => {
  ({ t, clock } = await appWithClock());
});
beforeEach(async () => {
  pat = await signedIn(t.app);
});
afterAll(() => t.close());

async function add(title: string, body: Record<string, unknown> = {}): Promise<Task> {
  clock.now += 1000;
  const res = await pat.browser.request('POST', '/api/tasks/', { body: { title, ...body } });
  expect(res.statusCode).toBe(201);
  return res.json().task;
}

async function listed(query = ''): Promise<Task[]> {
  const res = await pat.browser.request('GET', `/api/tasks/?sort=position${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

const titles = (tasks: Task[]) => tasks.map((task) => task.title);

function move(task: Task, position: string) {
  return pat.browser.request('PATCH', `/api/tasks/${task.id}/`, {
    body: { version: task.version, position },
  });
}

describe('the own order', () => {
  it('puts a new task on top, as the newest-first list does', async () => {
    await add('one');
    await add('two');
    await add('three');
    expect(titles(await listed())).toEqual(['three', 'two', 'one']);
    expect(titles(await listed())).toEqual(titles(await listedBy('created_at')));
  });

  it('moves a task with one write to that task alone', async () => {
    const one = await add('one');
    const two = await add('two');
    const three = await add('three');
    // "one" goes to the top: a key before "three"'s.
    const res = await move(one, generateKeyBetween(null, three.position));
    expect(res.statusCode).toBe(200);
    expect(res.json().task).toMatchObject({ version: 2, title: 'one' });
    const after = await listed();
    expect(titles(after)).toEqual(['one', 'three', 'two']);
    // The others are as they were: same key, same version.
    expect(after.find((task) => task.id === two.id)).toMatchObject({
      position: two.position,
      version: 1,
    });
    expect(after.find((task) => task.id === three.id)).toMatchObject({
      position: three.position,
      version: 1,
    });
  });

  it('gives way to the next free key when another task holds the one asked for', async () => {
    const one = await add('one');
    const two = await add('two');
    const three = await add('three');
    // A client that saw only "three" and "one" sends "two"'s own key.
    const res = await move(one, two.position);
    expect(res.statusCode).toBe(200);
    const moved = res.json().task as Task;
    expect(moved.position > two.position).toBe(true);
    expect(titles(await listed())).toEqual(['three', 'two', 'one']);
    // And between two tasks whose keys are next to each other in the order.
    const again = await move(moved, three.position);
    expect(again.statusCode).toBe(200);
    expect(titles(await listed())).toEqual(['three', 'one', 'two']);
  });

  it('keeps a deleted task’s place for its restore', async () => {
    await add('one');
    const two = await add('two');
    await add('three');
    await pat.browser.request('DELETE', `/api/tasks/${two.id}/`);
    expect(titles(await listed())).toEqual(['three', 'one']);
    await pat.browser.request('POST', `/api/tasks/${two.id}/restore/`);
    expect(titles(await listed())).toEqual(['three', 'two', 'one']);
  });

  it('pages through the order with a cursor, and filters within it', async () => {
    for (const title of ['a', 'b', 'c', 'd', 'e']) await add(title, { priority: 'high' });
    await add('low one', { priority: 'low' });
    const first = await pat.browser.request('GET', '/api/tasks/?sort=position&limit=2');
    const page = first.json();
    expect(titles(page.items)).toEqual(['low one', 'e']);
    const next = await pat.browser.request(
      'GET',
      `/api/tasks/?sort=position&limit=10&cursor=${page.next_cursor}`,
    );
    expect(titles(next.json().items)).toEqual(['d', 'c', 'b', 'a']);
    expect(titles(await listed('&q=e'))).toEqual(['low one', 'e']);
  });

  it('answers a stale version with a 409, as any other change', async () => {
    const one = await add('one');
    const two = await add('two');
    expect((await move(one, generateKeyBetween(null, two.position))).statusCode).toBe(200);
    const stale = await move(one, generateKeyBetween(two.position, null));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
  });

  it('refuses a key that is no place in the order, with the field named', async () => {
    const one = await add('one');
    for (const position of [
      'a00',
      '!!',
      'a',
      `a${'1'.repeat(100)}`,
      'A000000000000000000000000000',
    ]) {
      const res = await move(one, position);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.position ?? res.json().error).toBeTruthy();
    }
    expect((await listed())[0]).toMatchObject({ id: one.id, version: 1 });
  });

  it('gives concurrent new tasks keys of their own', async () => {
    const made = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        pat.browser.request('POST', '/api/tasks/', { body: { title: `t${i}` } }),
      ),
    );
    expect(made.every((res) => res.statusCode === 201)).toBe(true);
    const keys = (await listed('&limit=100')).map((task) => task.position);
    expect(keys).toHaveLength(20);
    expect(new Set(keys).size).toBe(20);
  });
});

async function listedBy(sort: string): Promise<Task[]> {
  return (await pat.browser.request('GET', `/api/tasks/?sort=${sort}`)).json().items;
}

describe('migration 0011', () => {
  it('gives each user’s existing tasks keys, newest first', async () => {
    // In memory: nothing is left on disk after the test.
    const db = new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new SqliteDialect({ database: new Database(':memory:') }),
    });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider('sqlite') });
      expect((await migrator.migrateTo('0010_repeat_from')).error).toBeUndefined();
      const now = '2030-01-01T00:00:00.000Z';
      for (const id of ['u1', 'u2']) {
        await db.insertInto('users').values({ id, created_at: now, updated_at: now }).execute();
      }
      const rows = ['u1', 'u2', 'u1', 'u1'].map((user, i) => ({
        id: `t${i}`,
        user_id: user,
        title: `t${i}`,
        search_text: `t${i}`,
        created_at: `2030-01-0${i + 1}T00:00:00.000Z`,
        updated_at: now,
      }));
      await db.insertInto('tasks').values(rows).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const order = await db
        .selectFrom('tasks')
        .select(['id', 'user_id', 'position'])
        .orderBy('user_id')
        .orderBy('position')
        .execute();
      expect(order.map((row) => row.id)).toEqual(['t3', 't2', 't0', 't1']);
      expect(order.every((row) => typeof row.position === 'string')).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
