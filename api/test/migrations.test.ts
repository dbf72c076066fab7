import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { sql } from 'kysely';
import { makeApp, POSTGRES_SERVER, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp(undefined);
});
afterAll(() => t.close());

async function plan(query: ReturnType<typeof sql>): Promise<string> {
  const { rows } = await sql`explain query plan ${query}`.execute(t.app.database.db);
  return (rows as { detail: string }[]).map((row) => row.detail).join('; ');
}

describe('migrations', () => {
  // 0005 made these indexes partial: each query must still be able to use its own.
  // EXPLAIN QUERY PLAN is SQLite's; PostgreSQL has its own planner.
  it.skipIf(Boolean(POSTGRES_SERVER))(
    'keeps the partial task indexes usable by the queries that need them',
    async () => {
      expect(
        await plan(
          sql`select completed_at from tasks where user_id = 'u' and completed_at >= '2030' and deleted_at is null`,
        ),
      ).toContain('USING INDEX tasks_user_completed');
      expect(
        await plan(
          sql`select id from tasks where user_id = 'u' and deleted_at is null and due_date = '2030-01-01'`,
        ),
      ).toContain('USING INDEX tasks_user_due');
      expect(await plan(sql`delete from tasks where deleted_at < '2030'`)).toContain(
        'INDEX tasks_deleted_at',
      );
    },
  );

  it('counts every goal and task write in users.data_version', async () => {
    const user = await t.app.users.signIn('google', 'versions', {
      email: null,
      firstName: null,
      lastName: null,
      picture: null,
    });
    const version = async () =>
      (
        await t.app.database.db
          .selectFrom('users')
          .select('data_version')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).data_version;
    const start = await version();
    const goal = await t.app.goals.create(user.id, { title: 'G' });
    const task = await t.app.tasks.create(user.id, { title: 'T', goal_id: goal.id });
    await t.app.tasks.update(user.id, task.id, { version: task.version, title: 'T2' });
    await t.app.tasks.remove(user.id, task.id);
    expect(await version()).toBe(start + 4);
  });
});
