// Saved filter views of one user: a name and a filter query
// (lib/task-filter). A query is read and resolved before it is kept, so a
// view names only labels and goals that exist when it is saved (a label
// deleted later makes the list answer its positioned 400). Names are unique
// per user whatever their case; a user keeps at most LIMITS.viewsPerUser.
import { randomUUID } from 'node:crypto';
import type { TaskView, TaskViewInput, TaskViewPatch } from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database, TaskViewRow } from '../../db/schema.js';
import { localDate } from '../../lib/dates.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { filterCondition } from '../../lib/task-filter/index.js';
import type { Clock } from '../../lib/time.js';
import { takeTurn } from '../../lib/user-turn.js';
import * as validate from '../../lib/validate.js';

const toViewJson = (row: TaskViewRow): TaskView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** By name whatever its case, then as written, then by id: the same order on every database. */
const byName = (a: TaskViewRow, b: TaskViewRow) => {
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
  if (x !== y) return x < y ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : 1;
};

const viewExists = () =>
  new HttpError(409, 'view_exists', 'You already have a view with this name', {
    name: 'You already have a view with this name',
  });
const tooManyViews = () =>
  badRequest(
    'too_many_views',
    `You can keep at most ${LIMITS.viewsPerUser} views: delete one first`,
  );

/** Why a write was refused, decided inside its transaction and thrown after it (a throw would roll back its group: db/group-commit.ts). */
type Refusal = 'exists' | 'too_many' | 'not_found';
const REFUSALS: Record<Refusal, () => HttpError> = {
  exists: viewExists,
  too_many: tooManyViews,
  not_found: notFound,
};

export class TaskViewService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Every write goes through here (group commit on SQLite, db/group-commit.ts). */
    private readonly write: DatabaseHandle['write'],
    private readonly clock: Clock,
  ) {}

  async list(userId: string): Promise<TaskView[]> {
    const rows = await this.db
      .selectFrom('task_views')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    return rows.sort(byName).map(toViewJson);
  }

  /** `today` is the user's (YYYY-MM-DD): the query's dates are read on it to check it. */
  async create(userId: string, input: TaskViewInput, today: string): Promise<TaskView> {
    const name = validate.name('name', input.name, LIMITS.viewNameMax);
    const query = await this.checkedQuery(userId, input.query, today);
    const now = this.clock().toISOString();
    const row: TaskViewRow = {
      id: randomUUID(),
      user_id: userId,
      name,
      query,
      created_at: now,
      updated_at: now,
    };
    const refused = await this.write(async (trx): Promise<Refusal | null> => {
      await takeTurn(trx, userId);
      const views = await this.names(trx, userId);
      if (views.length >= LIMITS.viewsPerUser) return 'too_many';
      if (views.some((view) => view.name.toLowerCase() === name.toLowerCase())) return 'exists';
      await trx.insertInto('task_views').values(row).execute();
      return null;
    });
    if (refused) throw REFUSALS[refused]();
    return toViewJson(row);
  }

  async update(userId: string, id: string, patch: TaskViewPatch, today: string): Promise<TaskView> {
    const name =
      patch.name === undefined ? undefined : validate.name('name', patch.name, LIMITS.viewNameMax);
    const query =
      patch.query === undefined ? undefined : await this.checkedQuery(userId, patch.query, today);
    const changes = {
      ...(name !== undefined ? { name } : {}),
      ...(query !== undefined ? { query } : {}),
      updated_at: this.clock().toISOString(),
    };
    const result = await this.write(async (trx): Promise<Refusal | TaskViewRow> => {
      await takeTurn(trx, userId);
      const views = await this.names(trx, userId);
      const current = views.find((view) => view.id === id);
      if (!current) return 'not_found';
      const taken = (view: { id: string; name: string }) =>
        view.id !== id && name !== undefined && view.name.toLowerCase() === name.toLowerCase();
      if (views.some(taken)) return 'exists';
      await trx
        .updateTable('task_views')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      return { ...current, ...changes };
    });
    if (typeof result === 'string') throw REFUSALS[result]();
    return toViewJson(result);
  }

  async remove(userId: string, id: string): Promise<void> {
    const result = await this.write((trx) =>
      trx
        .deleteFrom('task_views')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
    if (Number(result.numDeletedRows) === 0) throw notFound();
  }

  /** The user's today when a request carries none (tests, scripts): UTC's. */
  today(): string {
    return localDate(this.clock(), null);
  }

  private names(trx: Transaction<Database>, userId: string): Promise<TaskViewRow[]> {
    return trx.selectFrom('task_views').selectAll().where('user_id', '=', userId).execute();
  }

  /** The query trimmed, once it reads and resolves for this user (a 400 `invalid_filter` where not). */
  private async checkedQuery(userId: string, query: string, today: string): Promise<string> {
    const condition = await filterCondition(this.db, userId, query, today, 'query');
    if (!condition) {
      throw badRequest('invalid_input', 'Some fields are invalid', {
        query: 'A view needs a filter, e.g. today & @errand',
      });
    }
    return query.trim();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    taskViews: TaskViewService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('taskViews', new TaskViewService(app.database.db, app.database.write, app.clock));
  },
  { name: 'task-views', dependencies: ['database', 'config'] },
);
