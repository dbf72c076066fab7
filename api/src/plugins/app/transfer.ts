// Export and import of a user's goals and tasks. The export is the
// contract's ExportDocument; an import is read into a plan first
// (transfer/read-import.ts) and then written in one transaction, all of it or
// none of it.
import { randomUUID } from 'node:crypto';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportCompletion,
  type ExportDocument,
  type GoalStatus,
  type ImportReport,
} from '@stride/shared/contract';
import { type LabelColor, labelKey } from '@stride/shared/labels';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database, TaskCompletionsTable, TaskLabelsTable } from '../../db/schema.js';
import { newGoalRow } from '../../lib/goal-record.js';
import { labelsNamed } from '../../lib/task-labels.js';
import { positionsAtTop } from '../../lib/task-order.js';
import { newTaskRow, toTaskJson } from '../../lib/task-record.js';
import type { Clock } from '../../lib/time.js';
import type { ImportPlan, PlannedTask } from '../../transfer/import-plan.js';
import { labelNames } from './task-select.js';

/** Tasks in the preview. */
const SAMPLE_SIZE = 5;
/**
 * The labels of an import's tasks (`planned[i]` became `rows[i]`): the
 * user's labels of those names, made where missing, each task linked to its own.
 */
async function importedLabels(
  trx: Transaction<Database>,
  userId: string,
  plan: ImportPlan,
  rows: readonly { id: string }[],
  now: string,
): Promise<TaskLabelsTable[]> {
  const planned = plan.tasks;
  const names = new Map<string, string>();
  for (const task of planned) {
    for (const name of task.labels) if (!names.has(labelKey(name))) names.set(labelKey(name), name);
  }
  const labels = await labelsNamed(trx, userId, [...names.values()], now, plan.labelColors);
  const ids = new Map(labels.map((label) => [labelKey(label.name), label.id]));
  return planned.flatMap((task, index) =>
    task.labels.flatMap((name) => {
      const labelId = ids.get(labelKey(name));
      const taskId = rows[index]?.id;
      return labelId && taskId ? [{ task_id: taskId, label_id: labelId, user_id: userId }] : [];
    }),
  );
}

/** Rows per INSERT: well under SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) =>
    items.slice(i * CHUNK, (i + 1) * CHUNK),
  );

const titleKey = (title: string) => title.trim().toLocaleLowerCase();

/** The report of a plan; `joined` holds the refs of its goals that join existing ones. */
function describe(
  plan: ImportPlan,
  joined: ReadonlyMap<string, string>,
  applied: boolean,
): ImportReport {
  const goalTitles = new Map(plan.goals.map((goal) => [goal.ref, goal.title]));
  return {
    source: plan.source,
    goals: plan.goals.filter((goal) => !joined.has(goal.ref)).length,
    tasks: plan.tasks.length,
    steps: plan.tasks.reduce((sum, task) => sum + task.subtasks.length, 0),
    completions: plan.tasks.reduce((sum, task) => sum + task.completions.length, 0),
    problems: plan.problems,
    problem_count: plan.problemCount,
    sample: plan.tasks.slice(0, SAMPLE_SIZE).map((task) => ({
      title: task.title,
      due_date: task.due_date,
      due_time: task.due_time,
      repeat: task.repeat,
      goal: task.goalRef === null ? null : (goalTitles.get(task.goalRef) ?? null),
      steps: task.subtasks.length,
    })),
    applied,
  };
}

export class TransferService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly write: DatabaseHandle['write'],
    private readonly clock: Clock,
  ) {}

  /** Every live goal and task of the user, oldest first, with each task's completed occurrences. */
  async exportDocument(userId: string): Promise<ExportDocument> {
    const [goals, tasks, completions, labels] = await Promise.all([
      this.db
        .selectFrom('goals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),
      this.db
        .selectFrom('tasks')
        .leftJoin('goals', (join) =>
          join.onRef('goals.id', '=', 'tasks.goal_id').on('goals.deleted_at', 'is', null),
        )
        .selectAll('tasks')
        .select(['goals.id as live_goal_id', labelNames.as('label_names')])
        .where('tasks.user_id', '=', userId)
        .where('tasks.deleted_at', 'is', null)
        .orderBy('tasks.created_at')
        .orderBy('tasks.id')
        .execute(),
      this.db
        .selectFrom('task_completions')
        .select(['task_id', 'occurrence_date', 'completed_at'])
        .where('user_id', '=', userId)
        .orderBy('completed_at')
        .execute(),
      this.db
        .selectFrom('labels')
        .select(['name', 'color'])
        .where('user_id', '=', userId)
        .orderBy('name_key')
        .execute(),
    ]);
    const done = new Map<string, ExportCompletion[]>();
    for (const { task_id, ...completion } of completions) {
      const list = done.get(task_id);
      if (list) list.push(completion);
      else done.set(task_id, [completion]);
    }
    return {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: this.clock().toISOString(),
      labels: labels.map((label) => ({ name: label.name, color: label.color as LabelColor })),
      goals: goals.map((goal) => ({
        id: goal.id,
        title: goal.title,
        description: goal.description ?? null,
        status: goal.status as GoalStatus,
        target_date: goal.target_date ?? null,
        created_at: goal.created_at,
        updated_at: goal.updated_at,
      })),
      tasks: tasks.map((row) => {
        // Reminders stay out of the file: they belong to this account's
        // devices and clock, and format 4 has no place for them.
        const {
          version: _version,
          reminders: _reminders,
          ...task
        } = toTaskJson({ ...row, reminder_list: null }, row.live_goal_id);
        return { ...task, completions: done.get(task.id) ?? [] };
      }),
    };
  }

  /** What the plan would add to this user's account, and what is wrong with it. */
  async report(userId: string, plan: ImportPlan): Promise<ImportReport> {
    return describe(plan, await this.goalsToJoin(this.db, userId, plan), false);
  }

  /**
   * Writes a plan without problems in one transaction: if any insert fails,
   * none of the plan is kept. New ids everywhere; the file's times are kept.
   * The report counts the goals as the transaction found them.
   */
  async apply(userId: string, plan: ImportPlan): Promise<ImportReport> {
    if (plan.problemCount > 0) throw new Error('A plan with problems is never applied');
    const now = this.clock().getTime();
    /**
     * A record the file gives no time (a Todoist row) is stamped a millisecond
     * apart from the next, ending now: lists sorted newest first keep the
     * file's order, reversed as if they had been added one by one.
     */
    const stamped = <T extends { created_at: string | null; updated_at: string | null }>(
      records: readonly T[],
    ): T[] =>
      records.map((record, index) => {
        if (record.created_at) return record;
        const at = new Date(now - (records.length - 1 - index)).toISOString();
        return { ...record, created_at: at, updated_at: record.updated_at ?? at };
      });
    const stamp = new Date(now).toISOString();
    const joined = await this.write(async (trx) => {
      const found = await this.goalsToJoin(trx, userId, plan);
      const goalIds = new Map(found);
      const goals = stamped(plan.goals.filter((goal) => !goalIds.has(goal.ref))).map((goal) => {
        const row = newGoalRow(userId, stamp, goal);
        goalIds.set(goal.ref, row.id);
        return row;
      });
      const completions: TaskCompletionsTable[] = [];
      const positions = await importPositions(trx, userId, plan.tasks);
      const tasks = stamped(plan.tasks).map((task, index) => {
        const row = newTaskRow(
          userId,
          stamp,
          { ...task, goal_id: task.goalRef === null ? null : (goalIds.get(task.goalRef) ?? null) },
          positions[index] as string,
        );
        // Built field by field: the task and the owner are this import's, never the file's.
        for (const done of task.completions) {
          completions.push({
            id: randomUUID(),
            task_id: row.id,
            user_id: userId,
            occurrence_date: done.occurrence_date,
            completed_at: done.completed_at,
          });
        }
        return row;
      });
      for (const rows of chunks(goals)) await trx.insertInto('goals').values(rows).execute();
      for (const rows of chunks(tasks)) await trx.insertInto('tasks').values(rows).execute();
      const links = await importedLabels(trx, userId, plan, tasks, stamp);
      for (const rows of chunks(links)) await trx.insertInto('task_labels').values(rows).execute();
      for (const rows of chunks(completions)) {
        await trx.insertInto('task_completions').values(rows).execute();
      }
      return found;
    });
    return describe(plan, joined, true);
  }

  /** The plan's goals that join one the user already has (a Todoist section of the same title). */
  private async goalsToJoin(
    db: Kysely<Database> | Transaction<Database>,
    userId: string,
    plan: ImportPlan,
  ): Promise<Map<string, string>> {
    const joining = plan.goals.filter((goal) => goal.joinByTitle);
    const joined = new Map<string, string>();
    if (joining.length === 0) return joined;
    const existing = await db
      .selectFrom('goals')
      .select(['id', 'title'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .execute();
    const byTitle = new Map<string, string>();
    for (const goal of existing) {
      if (!byTitle.has(titleKey(goal.title))) byTitle.set(titleKey(goal.title), goal.id);
    }
    for (const goal of joining) {
      const id = byTitle.get(titleKey(goal.title));
      if (id) joined.set(goal.ref, id);
    }
    return joined;
  }
}

/**
 * Keys above every task the user has, one per task of the plan, by index.
 * A Stride export's tasks keep the order they had (their file keys, compared
 * as the database does); a file without them reads as if its tasks had been
 * added one by one, the last on top, as the newest-first list shows them.
 */
async function importPositions(
  trx: Transaction<Database>,
  userId: string,
  tasks: readonly PlannedTask[],
): Promise<string[]> {
  const indexes = tasks.map((_task, index) => index);
  const keys = tasks.map((task) => task.order);
  if (keys.every((key) => key !== null)) {
    indexes.sort((a, b) => byBytes(keys[a] as string, keys[b] as string));
  } else indexes.reverse();
  const fresh = await positionsAtTop(trx, userId, tasks.length);
  const positions: string[] = new Array(tasks.length);
  indexes.forEach((taskIndex, rank) => {
    positions[taskIndex] = fresh[rank] as string;
  });
  return positions;
}

/** Keys are ASCII: JS string order is byte order. */
const byBytes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

declare module 'fastify' {
  interface FastifyInstance {
    transfer: TransferService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('transfer', new TransferService(app.database.db, app.database.write, app.clock));
  },
  { name: 'transfer', dependencies: ['database', 'config'] },
);
