// Tasks of one user: filtered, keyset-paged lists, optimistic concurrency on
// `version`, soft delete with undo. A task linked to a deleted goal keeps the
// link in the row (so restoring the goal relinks it) but shows goal_id null.
import { randomUUID } from 'node:crypto';
import type {
  Agenda,
  AgendaEntry,
  Subtask,
  Task,
  TaskInput,
  TaskPatch,
  TaskPriority,
  TaskSort,
  TaskStatus,
} from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import { nextOccurrence, occurrencesBetween } from '@stride/shared/recurrence';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database, TaskCompletionsTable, TaskRow } from '../../db/schema.js';
import {
  afterKey,
  decodeCursor,
  encodeCursor,
  type KeyValue,
  type SortColumn,
} from '../../lib/cursor.js';
import { addDays, localDate } from '../../lib/dates.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { Clock } from '../../lib/time.js';
import { type GoalService, NO_DATE, type Page, type WriteResult } from './goals.js';

export interface TaskQuery {
  /** `open` (every status but done) is what the dashboard's "Open" card lists. */
  status?: TaskStatus | 'open';
  goal_id?: string;
  due?: 'today' | 'overdue' | 'upcoming';
  q?: string;
  sort: TaskSort;
  cursor?: string;
  limit: number;
  /** The user's today, YYYY-MM-DD in their time zone; needed with `due`. */
  today?: string;
}

const RANK: Record<TaskPriority, number> = { none: 0, low: 1, medium: 2, high: 3 };
const created = { expr: sql.ref('tasks.created_at'), direction: 'desc', type: 'string' } as const;
const id = { expr: sql.ref('tasks.id'), direction: 'desc', type: 'string' } as const;
const dueKey = sql`coalesce(tasks.due_date, ${sql.lit(NO_DATE)})`;
/** Within a day, timed tasks by their time (08:00 before 19:00), then the untimed. */
const NO_TIME = '99:99';
const timeKey = sql`coalesce(tasks.due_time, ${sql.lit(NO_TIME)})`;
/** Every order ends with the id, so it is total and pages never overlap. */
const ORDERS: Record<TaskSort, { columns: SortColumn[]; key: (row: Listed) => KeyValue[] }> = {
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
    key: (r) => [RANK[r.priority as TaskPriority], r.created_at, r.id],
  },
};

/** Only what the JSON needs: fewer columns read is a faster list. */
const COLUMNS = [
  'tasks.id',
  'tasks.title',
  'tasks.notes',
  'tasks.status',
  'tasks.priority',
  'tasks.due_date',
  'tasks.due_time',
  'tasks.repeat_rule',
  'tasks.subtasks',
  'tasks.completed_at',
  'tasks.version',
  'tasks.created_at',
  'tasks.updated_at',
] as const;
type Listed = Pick<
  TaskRow,
  | 'id'
  | 'title'
  | 'notes'
  | 'status'
  | 'priority'
  | 'due_date'
  | 'due_time'
  | 'repeat_rule'
  | 'subtasks'
  | 'completed_at'
  | 'version'
  | 'created_at'
  | 'updated_at'
>;
type Found = Listed & { live_goal_id: string | null; deleted_at: string | null };

export function toTaskJson(row: Listed, liveGoalId: string | null): Task {
  return {
    id: row.id,
    title: row.title,
    notes: row.notes ?? null,
    status: row.status as TaskStatus,
    priority: row.priority as TaskPriority,
    due_date: row.due_date ?? null,
    due_time: row.due_time ?? null,
    repeat: row.repeat_rule ?? null,
    subtasks: readSubtasks(row.subtasks),
    goal_id: liveGoalId,
    completed_at: row.completed_at ?? null,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const invalidField = (field: string, message: string) =>
  badRequest('invalid_input', 'Some fields are invalid', { [field]: message });

export const readSubtasks = (json: string | null): Subtask[] =>
  json ? (JSON.parse(json) as Subtask[]) : [];
const writeSubtasks = (subtasks: readonly Subtask[]): string | null =>
  subtasks.length > 0 ? JSON.stringify(subtasks) : null;

/**
 * The plain columns a patch may change, picked by name: a record is built
 * from the fields the API allows, never spread from what a client sent.
 */
function changedFields(patch: TaskPatch): Partial<TaskRow> {
  const fields: Partial<TaskRow> = {};
  if (patch.title !== undefined) fields.title = patch.title;
  if (patch.notes !== undefined) fields.notes = patch.notes;
  if (patch.status !== undefined) fields.status = patch.status;
  if (patch.priority !== undefined) fields.priority = patch.priority;
  if (patch.due_date !== undefined) fields.due_date = patch.due_date;
  if (patch.due_time !== undefined) fields.due_time = patch.due_time;
  if (patch.goal_id !== undefined) fields.goal_id = patch.goal_id;
  return fields;
}

/** What a write needs to know of the user's calendar. */
export interface TaskWriteContext {
  /** The user's today, YYYY-MM-DD in their time zone. */
  today: string;
}

/** The day a repeating task is due next after `due` is done: never before today. */
function dueAfter(rule: string, due: string | null, today: string): string | null {
  const from = due && addDays(due, 1) > today ? addDays(due, 1) : today;
  return nextOccurrence(rule, from);
}

/** A repeating task's first day from `today`; a 400 for a rule with none in reach from there. */
function firstDay(rule: string, today: string): string {
  const day = nextOccurrence(rule, today);
  if (!day) throw invalidField('repeat', 'That repeat rule never comes round from this day');
  return day;
}

/** Lower-cased in JS, so `q` is case-insensitive beyond ASCII on SQLite too. */
const searchText = (title: string, notes: string | null) =>
  `${title}\n${notes ?? ''}`.toLowerCase();
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A new task as created here or brought in by an import; times default to `now`. */
export interface NewTask {
  goal_id: string | null;
  title: string;
  notes: string | null;
  status: TaskStatus;
  priority: TaskPriority;
  due_date: string | null;
  due_time: string | null;
  repeat: string | null;
  subtasks: readonly Subtask[];
  completed_at: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/** The row of a new task: the one place its derived columns are worked out. */
export function newTaskRow(userId: string, now: string, task: NewTask): TaskRow {
  return {
    id: randomUUID(),
    user_id: userId,
    goal_id: task.goal_id,
    title: task.title,
    notes: task.notes,
    status: task.status,
    priority: task.priority,
    priority_rank: RANK[task.priority],
    due_date: task.due_date,
    due_time: task.due_time,
    repeat_rule: task.repeat,
    subtasks: writeSubtasks(task.subtasks),
    completed_at: task.completed_at,
    search_text: searchText(task.title, task.notes),
    version: 1,
    created_at: task.created_at ?? now,
    updated_at: task.updated_at ?? now,
    deleted_at: null,
    deleted_with_goal: 0,
  };
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
    let select = this.select(userId).where('tasks.deleted_at', 'is', null);
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

  /**
   * The Upcoming view: every undone task due in the next LIMITS.agendaDays
   * days (tomorrow on), and each later day a repeating task falls on in that
   * window, by date. Repeating tasks due earlier (today, or overdue) show
   * their later days too.
   */
  async agenda(userId: string, today: string): Promise<Agenda> {
    const from = addDays(today, 1);
    const to = addDays(today, LIMITS.agendaDays);
    const live = this.select(userId)
      .where('tasks.deleted_at', 'is', null)
      .where('tasks.status', '!=', 'done');
    const [due, repeating] = await Promise.all([
      live
        .where('tasks.due_date', '>=', from)
        .where('tasks.due_date', '<=', to)
        .orderBy('tasks.due_date')
        .orderBy(timeKey)
        .orderBy('tasks.priority_rank', 'desc')
        .orderBy('tasks.created_at')
        .limit(LIMITS.agendaMax + 1)
        .execute(),
      live
        .where('tasks.repeat_rule', 'is not', null)
        .where('tasks.due_date', '<=', to)
        .orderBy('tasks.priority_rank', 'desc')
        .orderBy('tasks.created_at')
        .limit(LIMITS.agendaMax + 1)
        .execute(),
    ]);
    const entries: AgendaEntry[] = due.map((row) => ({
      date: row.due_date ?? from,
      occurrence: false,
      task: toTaskJson(row, row.live_goal_id),
    }));
    // One step per day of the window for each task, however long ago it was due.
    for (const row of repeating) {
      if (!row.due_date || !row.repeat_rule) continue;
      const task = toTaskJson(row, row.live_goal_id);
      for (const day of occurrencesBetween(
        row.repeat_rule,
        row.due_date,
        from,
        to,
        LIMITS.agendaDays,
      )) {
        entries.push({ date: day, occurrence: true, task });
      }
    }
    // By day, then time of day (the untimed last); stable, so otherwise due
    // tasks keep the SQL order (priority first) and occurrences follow.
    const at = (entry: AgendaEntry) => `${entry.date} ${entry.task.due_time ?? NO_TIME}`;
    entries.sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
    return {
      from,
      to,
      entries: entries.slice(0, LIMITS.agendaMax),
      truncated: entries.length > LIMITS.agendaMax,
    };
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
    const row = newTaskRow(userId, now, {
      goal_id: input.goal_id ?? null,
      title: input.title,
      notes: input.notes ?? null,
      status,
      priority,
      due_date: dueDate,
      due_time: input.due_time ?? null,
      repeat,
      subtasks: input.subtasks ?? [],
      completed_at: status === 'done' ? now : null,
    });
    await this.write((trx) => trx.insertInto('tasks').values(row).execute());
    return toTaskJson(row, row.goal_id);
  }

  /**
   * Compare-and-set on `version`: a stale version never overwrites. Marking
   * a repeating task done completes this occurrence: it is recorded in
   * task_completions and the task moves to its rule's next day, to do again,
   * its checklist unticked.
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
    const { version, repeat, subtasks } = patch;
    const changes = changedFields(patch);
    if (Object.keys(changes).length === 0 && repeat === undefined && subtasks === undefined) {
      return { task: toTaskJson(row, row.live_goal_id) };
    }
    const now = this.clock().toISOString();
    const next: Partial<TaskRow> = { ...changes, version: version + 1, updated_at: now };
    if (repeat !== undefined) next.repeat_rule = repeat;
    if (subtasks !== undefined) next.subtasks = writeSubtasks(subtasks);
    if (patch.priority) next.priority_rank = RANK[patch.priority];
    if (changes.status) {
      // Set when the task becomes done, kept while it stays done, cleared when it leaves.
      next.completed_at = changes.status !== 'done' ? null : (row.completed_at ?? now);
    }
    if (changes.title !== undefined || changes.notes !== undefined) {
      next.search_text = searchText(
        changes.title ?? row.title,
        changes.notes !== undefined ? changes.notes : row.notes,
      );
    }
    const rule = next.repeat_rule !== undefined ? next.repeat_rule : row.repeat_rule;
    let due = next.due_date !== undefined ? next.due_date : row.due_date;
    // A repeating task always has a date; a time never stands without one.
    const today = this.today(context);
    if (rule && !due) due = next.due_date = firstDay(rule, today);
    if (!due) {
      if (changes.due_time) throw invalidField('due_time', 'A time needs a due date');
      if (row.due_time) next.due_time = null;
    }
    let completion: TaskCompletionsTable | null = null;
    if (rule && changes.status === 'done') {
      completion = {
        id: randomUUID(),
        task_id: taskId,
        user_id: userId,
        occurrence_date: due,
        completed_at: now,
      };
      const nextDue = dueAfter(rule, due, today);
      // A rule with no day left in reach (29 February every fourth year from
      // an odd one) ends here: the task is simply done.
      if (nextDue) {
        next.status = 'todo';
        next.completed_at = null;
        next.due_date = nextDue;
        const steps = next.subtasks !== undefined ? next.subtasks : row.subtasks;
        next.subtasks = writeSubtasks(
          readSubtasks(steps).map((step) => ({ id: step.id, title: step.title, done: false })),
        );
      }
    }
    const result = await this.write(async (trx) => {
      const updated = await trx
        .updateTable('tasks')
        .set(next)
        .where('id', '=', taskId)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('version', '=', version)
        .executeTakeFirst();
      if (completion && Number(updated.numUpdatedRows) > 0) {
        await trx.insertInto('task_completions').values(completion).execute();
      }
      return updated;
    });
    if (Number(result.numUpdatedRows) === 0) {
      const current = await this.row(userId, taskId, 'live');
      if (!current) throw notFound();
      return { conflict: toTaskJson(current, current.live_goal_id) };
    }
    const goalId = changes.goal_id !== undefined ? changes.goal_id : row.live_goal_id;
    return { task: toTaskJson({ ...row, ...next }, goalId) };
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

  private select(userId: string) {
    return this.db
      .selectFrom('tasks')
      .leftJoin('goals', (join) =>
        join.onRef('goals.id', '=', 'tasks.goal_id').on('goals.deleted_at', 'is', null),
      )
      .select([...COLUMNS, 'tasks.deleted_at', 'goals.id as live_goal_id'])
      .where('tasks.user_id', '=', userId);
  }

  private row(userId: string, taskId: string, which: 'live' | 'any'): Promise<Found | undefined> {
    let select = this.select(userId).where('tasks.id', '=', taskId);
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
