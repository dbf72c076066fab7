// Tasks of one user: filtered, keyset-paged lists, optimistic concurrency on
// `version`, soft delete with undo. What a patch changes (the repeat and
// completion rules) is lib/task-changes.ts; the Upcoming view task-agenda.ts.
import { randomUUID } from 'node:crypto';
import type {
  Agenda,
  Task,
  TaskInput,
  TaskPatch,
  TaskPriority,
  TaskSort,
  TaskStatus,
} from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database, TaskRow } from '../../db/schema.js';
import {
  afterKey,
  decodeCursor,
  encodeCursor,
  type KeyValue,
  type SortColumn,
} from '../../lib/cursor.js';
import { localDate } from '../../lib/dates.js';
import { notFound } from '../../lib/errors.js';
import { firstDay, invalidField, taskChange } from '../../lib/task-changes.js';
import { filterCondition } from '../../lib/task-filter/index.js';
import { joinLabelNames, setTaskLabels } from '../../lib/task-labels.js';
import { freePosition, topPosition, withFreeKey } from '../../lib/task-order.js';
import {
  type NewTask,
  newTaskRow,
  PRIORITY_RANK,
  type TaskColumns,
  toTaskJson,
} from '../../lib/task-record.js';
import { moveReminders, setTaskReminders } from '../../lib/task-reminders.js';
import { likePattern } from '../../lib/text.js';
import type { Clock } from '../../lib/time.js';
import { type GoalService, NO_DATE, type Page, type WriteResult } from './goals.js';
import { readAgenda } from './task-agenda.js';
import { NO_TIME, selectTasks, timeKey } from './task-select.js';

export interface TaskQuery {
  /** `open` (every status but done) is what the dashboard's "Open" card lists. */
  status?: TaskStatus | 'open';
  goal_id?: string;
  due?: 'today' | 'overdue' | 'upcoming';
  q?: string;
  /** A filter query (lib/task-filter), read on the user's calendar: needs `today`. */
  filter?: string;
  sort: TaskSort;
  cursor?: string;
  limit: number;
  /** The user's today, YYYY-MM-DD in their time zone; needed with `due` and `filter`. */
  today?: string;
}

const created = { expr: sql.ref('tasks.created_at'), direction: 'desc', type: 'string' } as const;
const id = { expr: sql.ref('tasks.id'), direction: 'desc', type: 'string' } as const;
const dueKey = sql`coalesce(tasks.due_date, ${sql.lit(NO_DATE)})`;
/** Every order ends with the id, so it is total and pages never overlap. */
const ORDERS: Record<TaskSort, { columns: SortColumn[]; key: (row: TaskColumns) => KeyValue[] }> = {
  // Unique per user, so the key alone is a total order.
  position: {
    columns: [{ expr: sql.ref('tasks.position'), direction: 'asc', type: 'string' }],
    key: (r) => [r.position],
  },
  created_at: { columns: [created, id], key: (r) => [r.created_at, r.id] },
  due_date: {
    columns: [
      { expr: dueKey, direction: 'asc', type: 'string' },
      { expr: timeKey, direction: 'asc', type: 'string' },
      created,
      id,
    ],
    key: (r) => [r.due_date ?? NO_DATE, r.due_time ?? NO_TIME, r.created_at, r.id],
  },
  priority: {
    columns: [
      { expr: sql.ref('tasks.priority_rank'), direction: 'desc', type: 'number' },
      created,
      id,
    ],
    key: (r) => [PRIORITY_RANK[r.priority as TaskPriority], r.created_at, r.id],
  },
};

type Found = TaskColumns & { live_goal_id: string | null; deleted_at: string | null };

/** What a write needs to know of the user's calendar. */
export interface TaskWriteContext {
  /** The user's today, YYYY-MM-DD in their time zone. */
  today: string;
  /** Their IANA zone, which a reminder "30 minutes before" counts in (UTC when null). */
  timeZone: string | null;
}

/** The calendar of a user whose profile names `timeZone`, at `now`. */
export const writeContextAt = (
  now: Date,
  timeZone: string | null | undefined,
): TaskWriteContext => ({
  today: localDate(now, timeZone),
  timeZone: timeZone ?? null,
});

/**
 * Undo of a repeating task's completion (docs/architecture.md §4, "Undo"):
 * when the task's last write completed an occurrence, moving it back to that
 * occurrence's day takes the completion back. The completion was written with
 * the task, at the task's `updated_at`; nothing older is ever touched.
 */
function completionTakenBack(
  row: Found,
  next: Partial<TaskRow>,
): { occurrence_date: string; completed_at: string } | null {
  if (!row.repeat_rule || !next.due_date || !row.due_date) return null;
  if (next.due_date >= row.due_date || next.status === 'done') return null;
  return { occurrence_date: next.due_date, completed_at: row.updated_at };
}

export class TaskService {
  constructor(
    private readonly db: Kysely<Database>,
    /** Every write goes through here (group commit on SQLite, db/group-commit.ts). */
    private readonly write: DatabaseHandle['write'],
    private readonly clock: Clock,
    private readonly goals: GoalService,
  ) {}

  async list(userId: string, query: TaskQuery): Promise<Page<Task>> {
    const order = ORDERS[query.sort];
    const after = query.cursor ? decodeCursor(query.cursor, query.sort, order.columns) : undefined;
    let select = selectTasks(this.db, userId).where('tasks.deleted_at', 'is', null);
    if (query.status === 'open') select = select.where('tasks.status', '!=', 'done');
    else if (query.status) select = select.where('tasks.status', '=', query.status);
    if (query.goal_id) {
      select = select.where('tasks.goal_id', '=', query.goal_id).where('goals.id', 'is not', null);
    }
    const today = query.today ?? '';
    if (query.due === 'today') select = select.where('tasks.due_date', '=', today);
    if (query.due === 'upcoming') select = select.where('tasks.due_date', '>', today);
    if (query.due === 'overdue') {
      select = select.where('tasks.due_date', '<', today).where('tasks.status', '!=', 'done');
    }
    const q = query.q?.trim();
    if (q)
      select = select.where(sql<boolean>`tasks.search_text like ${likePattern(q)} escape '\\'`);
    if (query.filter) {
      const filter = await filterCondition(
        this.db,
        userId,
        query.filter,
        query.today ?? this.today(),
      );
      if (filter) select = select.where(filter);
    }
    if (after) select = select.where(afterKey(order.columns, after));
    for (const column of order.columns) select = select.orderBy(column.expr, column.direction);
    const rows = await select.limit(query.limit + 1).execute();
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => toTaskJson(row, row.live_goal_id)),
      next_cursor:
        rows.length > query.limit && last ? encodeCursor(query.sort, order.key(last)) : null,
    };
  }

  /** The Upcoming view (task-agenda.ts). */
  agenda(userId: string, today: string): Promise<Agenda> {
    return readAgenda(this.db, userId, today);
  }

  async get(userId: string, taskId: string): Promise<Task> {
    const row = await this.row(userId, taskId, 'live');
    if (!row) throw notFound();
    return toTaskJson(row, row.live_goal_id);
  }

  async create(userId: string, input: TaskInput, context?: TaskWriteContext): Promise<Task> {
    // Any string, "" included, must name a live goal of this user (a falsy check let "" through).
    if (typeof input.goal_id === 'string') await this.assertGoal(userId, input.goal_id);
    const now = this.clock().toISOString();
    const status = input.status ?? 'todo';
    const priority = input.priority ?? 'none';
    const repeat = input.repeat ?? null;
    // A repeating task always has a date: its rule's first day from today.
    const dueDate = input.due_date ?? (repeat ? firstDay(repeat, this.today(context)) : null);
    if (input.due_time && !dueDate) throw invalidField('due_time', 'A time needs a due date');
    const fields: NewTask = {
      goal_id: input.goal_id ?? null,
      title: input.title,
      notes: input.notes ?? null,
      status,
      priority,
      due_date: dueDate,
      due_time: input.due_time ?? null,
      repeat,
      repeat_from: input.repeat_from,
      subtasks: input.subtasks ?? [],
      completed_at: status === 'done' ? now : null,
    };
    // A new task goes to the top of the user's order, as in the newest-first list.
    const row = await withFreeKey(() =>
      this.write(async (trx) => {
        const row = newTaskRow(userId, now, fields, await topPosition(trx, userId));
        await trx.insertInto('tasks').values(row).execute();
        // Most tasks have none: no label or reminder write at all for them.
        const labels = input.labels?.length
          ? await setTaskLabels(trx, userId, row.id, input.labels, now)
          : [];
        const reminders = input.reminders?.length
          ? await setTaskReminders(
              trx,
              userId,
              row.id,
              input.reminders,
              { ...row, timeZone: context?.timeZone ?? null },
              this.clock(),
            )
          : null;
        return { ...row, label_names: joinLabelNames(labels), reminder_list: reminders };
      }),
    );
    return toTaskJson(row, row.goal_id);
  }

  /**
   * Compare-and-set on `version`: a stale version never overwrites. A
   * repeating task's completed occurrence is recorded in task_completions in
   * the same write, and only if the task was written.
   */
  async update(
    userId: string,
    taskId: string,
    patch: TaskPatch,
    context?: TaskWriteContext,
  ): Promise<WriteResult<'task', Task>> {
    const row = await this.row(userId, taskId, 'live');
    if (!row) throw notFound();
    if (row.version !== patch.version) return { conflict: toTaskJson(row, row.live_goal_id) };
    if (typeof patch.goal_id === 'string') await this.assertGoal(userId, patch.goal_id);
    const now = this.clock().toISOString();
    const change = taskChange(row, patch, now, this.today(context));
    if (!change) return { task: toTaskJson(row, row.live_goal_id) };
    const { next, completed, labels, reminders } = change;
    let labelNames = row.label_names;
    let reminderList = row.reminder_list;
    const due = {
      due_date: next.due_date !== undefined ? next.due_date : row.due_date,
      due_time: next.due_time !== undefined ? next.due_time : row.due_time,
      timeZone: context?.timeZone ?? null,
    };
    const dueMoved = due.due_date !== row.due_date || due.due_time !== row.due_time;
    const { version } = patch;
    const wanted = next.position;
    const takesBack = completionTakenBack(row, next);
    const write = () =>
      this.write(async (trx) => {
        // A move takes the key it asked for, or the next free one after it.
        if (wanted !== undefined) next.position = await freePosition(trx, userId, taskId, wanted);
        const updated = await trx
          .updateTable('tasks')
          .set(next)
          .where('id', '=', taskId)
          .where('user_id', '=', userId)
          .where('deleted_at', 'is', null)
          .where('version', '=', version)
          .executeTakeFirst();
        if (completed && Number(updated.numUpdatedRows) > 0) {
          await trx
            .insertInto('task_completions')
            .values({
              id: randomUUID(),
              task_id: taskId,
              user_id: userId,
              occurrence_date: completed.occurrence_date,
              completed_at: now,
            })
            .execute();
        }
        if (labels && Number(updated.numUpdatedRows) > 0) {
          labelNames = joinLabelNames(await setTaskLabels(trx, userId, taskId, labels, now));
        }
        if (Number(updated.numUpdatedRows) > 0) {
          // Kept reminders move with the due time first; new ones are armed for it.
          if (dueMoved && row.reminder_list) await moveReminders(trx, taskId, due, this.clock());
          if (reminders) {
            reminderList = await setTaskReminders(
              trx,
              userId,
              taskId,
              reminders,
              due,
              this.clock(),
            );
          }
        }
        if (takesBack && Number(updated.numUpdatedRows) > 0) {
          await trx
            .deleteFrom('task_completions')
            .where('task_id', '=', taskId)
            .where('user_id', '=', userId)
            .where('occurrence_date', '=', takesBack.occurrence_date)
            .where('completed_at', '=', takesBack.completed_at)
            .execute();
        }
        return updated;
      });
    const result = await withFreeKey(write);
    if (Number(result.numUpdatedRows) === 0) {
      const current = await this.row(userId, taskId, 'live');
      if (!current) throw notFound();
      return { conflict: toTaskJson(current, current.live_goal_id) };
    }
    const goalId = next.goal_id !== undefined ? next.goal_id : row.live_goal_id;
    return {
      task: toTaskJson(
        { ...row, ...next, label_names: labelNames, reminder_list: reminderList },
        goalId,
      ),
    };
  }

  async remove(userId: string, taskId: string): Promise<Task> {
    const row = await this.row(userId, taskId, 'live');
    if (!row) throw notFound();
    const now = this.clock().toISOString();
    const result = await this.write((trx) =>
      trx
        .updateTable('tasks')
        .set({ deleted_at: now, deleted_with_goal: 0 })
        .where('id', '=', taskId)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    );
    if (Number(result.numUpdatedRows) === 0) throw notFound();
    return toTaskJson(row, row.live_goal_id);
  }

  async restore(userId: string, taskId: string): Promise<Task> {
    const found = await this.row(userId, taskId, 'any');
    if (!found) throw notFound();
    if (found.deleted_at === null) return toTaskJson(found, found.live_goal_id);
    await this.write((trx) =>
      trx
        .updateTable('tasks')
        .set({ deleted_at: null, deleted_with_goal: 0 })
        .where('id', '=', taskId)
        .where('user_id', '=', userId)
        .execute(),
    );
    return toTaskJson(found, found.live_goal_id);
  }

  async purgeDeleted(cutoff: string): Promise<void> {
    await this.db.deleteFrom('tasks').where('deleted_at', '<', cutoff).execute();
  }

  /** The caller's calendar day, or UTC's for a caller with no zone (tests, scripts). */
  private today(context?: TaskWriteContext): string {
    return context?.today ?? localDate(this.clock(), null);
  }

  private row(userId: string, taskId: string, which: 'live' | 'any'): Promise<Found | undefined> {
    let select = selectTasks(this.db, userId).where('tasks.id', '=', taskId);
    if (which === 'live') select = select.where('tasks.deleted_at', 'is', null);
    return select.executeTakeFirst();
  }

  private async assertGoal(userId: string, goalId: string): Promise<void> {
    if (!(await this.goals.isLive(userId, goalId))) {
      throw invalidField('goal_id', 'No such goal');
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    tasks: TaskService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'tasks',
      new TaskService(app.database.db, app.database.write, app.clock, app.goals),
    );
  },
  { name: 'tasks', dependencies: ['database', 'config', 'goals'] },
);
