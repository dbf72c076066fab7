import { afterAll, beforeAll, describe, expect, it, rs } from '@rstest/core';
import { GroupCommit } from '../src/db/group-commit.js';
import { makeApp, type TestApp } from './helpers.js';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await makeApp(undefined);
  userId = (
    await t.app.users.signIn('google', 'group-commit', {
      email: null,
      firstName: null,
      lastName: null,
      picture: null,
    })
  ).id;
});
afterAll(() => t.close());

const goalRow = (id: string, title = id) => ({
  id,
  user_id: userId,
  title,
  description: null,
  status: 'active',
  target_date: null,
  version: 1,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  deleted_at: null,
});

async function titles(): Promise<string[]> {
  const rows = await t.app.database.db
    .selectFrom('goals')
    .select('title')
    .where('user_id', '=', userId)
    .orderBy('title')
    .execute();
  return rows.map((row) => row.title);
}

describe('GroupCommit', () => {
  it('commits the writes of one event-loop turn in one transaction', async () => {
    const { db } = t.app.database;
    const commits = new GroupCommit(db, 50);
    const transaction = rs.spyOn(db, 'transaction');
    try {
      const written = await Promise.all(
        ['a1', 'a2', 'a3'].map((id) =>
          commits.run(async (trx) => {
            await trx.insertInto('goals').values(goalRow(id)).execute();
            return id;
          }),
        ),
      );
      expect(written).toEqual(['a1', 'a2', 'a3']);
      expect(transaction).toHaveBeenCalledTimes(1);
      expect(await titles()).toEqual(['a1', 'a2', 'a3']);
    } finally {
      transaction.mockRestore();
    }
  });

  it('fails only the write that fails, and rolls back all of that write', async () => {
    const commits = new GroupCommit(t.app.database.db, 50);
    const results = await Promise.allSettled([
      commits.run((trx) => trx.insertInto('goals').values(goalRow('b1')).execute()),
      commits.run(async (trx) => {
        await trx.insertInto('goals').values(goalRow('b2')).execute();
        // The same primary key again: this whole write must leave no trace.
        await trx.insertInto('goals').values(goalRow('a1')).execute();
      }),
      commits.run((trx) => trx.insertInto('goals').values(goalRow('b3')).execute()),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // SQLite: "UNIQUE constraint failed"; PostgreSQL: "duplicate key value violates unique constraint".
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/unique/i);
    expect(await titles()).toEqual(['a1', 'a2', 'a3', 'b1', 'b3']);
  });

  it('serves the API: concurrent creates all land, each once', async () => {
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.app.tasks.create(userId, { title: `Task ${i}` })),
    );
    expect(new Set(created.map((task) => task.id)).size).toBe(20);
    const page = await t.app.tasks.list(userId, { sort: 'created_at', limit: 50 });
    expect(page.items.map((task) => task.title).sort()).toEqual(
      created.map((task) => task.title).sort(),
    );
  });
});
