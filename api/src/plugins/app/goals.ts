// Goals of one user: keyset-paged lists, optimistic concurrency on `version`,
// soft delete with undo. A goal's progress counts its live tasks, in one
// grouped query per page rather than one per goal.
import type { Goal, GoalInput, GoalPatch, GoalStatus } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database, GoalRow } from '../../db/schema.js';
import { afterKey, decodeCursor, encodeCursor, type SortColumn } from '../../lib/cursor.js';
import { notFound } from '../../lib/errors.js';
import { newGoalRow } from '../../lib/goal-record.js';
import type { Clock } from '../../lib/time.js';

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

/** Either the record as written, or the newer record a stale write ran into. */
export type WriteResult<K extends string, T> = { [key in K]: T } | { conflict: T };

/** Sorts after every real date, so goals without a target date come last. */
export const NO_DATE = '9999-99-99';

/** Nearest target date first (none last), then newest, then id: a total order. */
const ORDER: SortColumn[] = [
  { expr: sql`coalesce(goals.target_date, ${sql.lit(NO_DATE)})`, direction: 'asc', type: 'string' },
  { expr: sql.ref('goals.created_at'), direction: 'desc', type: 'string' },
  { expr: sql.ref('goals.id'), direction: 'desc', type: 'string' },
];
const sortKey = (row: GoalRow) => [row.target_date ?? NO_DATE, row.created_at, row.id];

function toGoalJson(row: GoalRow, progress = { done: 0, total: 0 }): Goal {
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? null,
    status: row.status as GoalStatus,
    target_date: row.target_date ?? null,
    progress,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class GoalService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Every write goes through here (group commit on SQLite, db/group-commit.ts). */
    private readonly write: DatabaseHandle['write'],
    private readonly clock: Clock,
  ) {}

  async list(
    userId: string,
    query: { status?: GoalStatus; cursor?: string; limit: number },
  ): Promise<Page<Goal>> {
    const after = query.cursor ? decodeCursor(query.cursor, 'goals', ORDER) : undefined;
    let select = this.db
      .selectFrom('goals')
      .selectAll()
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null);
    if (query.status) select = select.where('status', '=', query.status);
    if (after) select = select.where(afterKey(ORDER, after));
    for (const column of ORDER) select = select.orderBy(column.expr, column.direction);
    const rows = await select.limit(query.limit + 1).execute();
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: await this.withProgress(userId, page),
      next_cursor: rows.length > query.limit && last ? encodeCursor('goals', sortKey(last)) : null,
    };
  }

  async get(userId: string, id: string): Promise<Goal> {
    const row = await this.row(userId, id, 'live');
    if (!row) throw notFound();
    return this.toJson(userId, row);
  }

  /** True when the goal exists, is the user's and is not deleted. */
  async isLive(userId: string, id: string): Promise<boolean> {
    return (await this.row(userId, id, 'live')) !== undefined;
  }

  async create(userId: string, input: GoalInput): Promise<Goal> {
    const row = newGoalRow(userId, this.clock().toISOString(), {
      title: input.title,
      description: input.description ?? null,
      status: 'active',
      target_date: input.target_date ?? null,
    });
    await this.write((trx) => trx.insertInto('goals').values(row).execute());
    return toGoalJson(row);
  }

  /** Compare-and-set on `version`: a stale version never overwrites. */
  async update(userId: string, id: string, patch: GoalPatch): Promise<WriteResult<'goal', Goal>> {
    const row = await this.row(userId, id, 'live');
    if (!row) throw notFound();
    if (row.version !== patch.version) return { conflict: await this.toJson(userId, row) };
    const { version, ...changes } = patch;
    if (Object.keys(changes).length === 0) return { goal: await this.toJson(userId, row) };
    const next = { ...changes, version: version + 1, updated_at: this.clock().toISOString() };
    const result = await this.write((trx) =>
      trx
        .updateTable('goals')
        .set(next)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('version', '=', version)
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 0) {
      const current = await this.row(userId, id, 'live');
      if (!current) throw notFound();
      return { conflict: await this.toJson(userId, current) };
    }
    return { goal: await this.toJson(userId, { ...row, ...next }) };
  }

  /** Soft delete. Its tasks stay (shown unlinked) unless `deleteTasks`. */
  async remove(userId: string, id: string, deleteTasks: boolean): Promise<Goal> {
    const now = this.clock().toISOString();
    const row = await this.write(async (trx) => {
      const live = await this.row(userId, id, 'live', trx);
      if (!live) throw notFound();
      await trx.updateTable('goals').set({ deleted_at: now }).where('id', '=', id).execute();
      if (deleteTasks) {
        await trx
          .updateTable('tasks')
          .set({ deleted_at: now, deleted_with_goal: 1 })
          .where('user_id', '=', userId)
          .where('goal_id', '=', id)
          .where('deleted_at', 'is', null)
          .execute();
      }
      return { ...live, deleted_at: now };
    });
    return this.toJson(userId, row);
  }

  /** Undo: the goal comes back, and with it the tasks deleted together with it. */
  async restore(userId: string, id: string): Promise<Goal> {
    const row = await this.write(async (trx) => {
      const found = await this.row(userId, id, 'any', trx);
      if (!found) throw notFound();
      if (found.deleted_at === null) return found;
      await trx.updateTable('goals').set({ deleted_at: null }).where('id', '=', id).execute();
      await trx
        .updateTable('tasks')
        .set({ deleted_at: null, deleted_with_goal: 0 })
        .where('user_id', '=', userId)
        .where('goal_id', '=', id)
        .where('deleted_with_goal', '=', 1)
        .where('deleted_at', '=', found.deleted_at)
        .execute();
      return { ...found, deleted_at: null };
    });
    return this.toJson(userId, row);
  }

  /** Active goals in list order, for the dashboard. */
  async active(userId: string, limit: number): Promise<Goal[]> {
    return (await this.list(userId, { status: 'active', limit })).items;
  }

  /** Hard-deletes goals soft-deleted before `cutoff`; their tasks are unlinked first. */
  async purgeDeleted(cutoff: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const expired = trx.selectFrom('goals').select('id').where('deleted_at', '<', cutoff);
      await trx
        .updateTable('tasks')
        .set({ goal_id: null })
        .where('goal_id', 'in', expired)
        .execute();
      await trx.deleteFrom('goals').where('deleted_at', '<', cutoff).execute();
    });
  }

  private row(
    userId: string,
    id: string,
    which: 'live' | 'any',
    db: Kysely<Database> | Transaction<Database> = this.db,
  ): Promise<GoalRow | undefined> {
    let select = db
      .selectFrom('goals')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId);
    if (which === 'live') select = select.where('deleted_at', 'is', null);
    return select.executeTakeFirst();
  }

  private async toJson(userId: string, row: GoalRow): Promise<Goal> {
    const [goal] = await this.withProgress(userId, [row]);
    return goal ?? toGoalJson(row);
  }

  private async withProgress(userId: string, rows: GoalRow[]): Promise<Goal[]> {
    if (rows.length === 0) return [];
    const counts = await this.db
      .selectFrom('tasks')
      .select((eb) => [
        'goal_id',
        eb.fn.countAll().as('total'),
        sql<number>`sum(case when status = 'done' then 1 else 0 end)`.as('done'),
      ])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where(
        'goal_id',
        'in',
        rows.map((row) => row.id),
      )
      .groupBy('goal_id')
      .execute();
    // PostgreSQL returns counts as strings (bigint): Number() for both dialects.
    const byGoal = new Map(
      counts.map((c) => [c.goal_id, { done: Number(c.done ?? 0), total: Number(c.total) }]),
    );
    return rows.map((row) => toGoalJson(row, byGoal.get(row.id)));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    goals: GoalService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('goals', new GoalService(app.database.db, app.database.write, app.clock));
  },
  { name: 'goals', dependencies: ['database', 'config'] },
);
