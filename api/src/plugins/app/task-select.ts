// The query every read of a user's tasks starts from (the lists, the agenda,
// a single task): their rows, and the id of the goal each links to while that
// goal is live. A task linked to a deleted goal keeps the link in the row (so
// restoring the goal relinks it) but shows goal_id null.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { reminderList } from '../../lib/task-reminders.js';

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
  'tasks.repeat_from',
  'tasks.subtasks',
  'tasks.completed_at',
  'tasks.position',
  'tasks.version',
  'tasks.created_at',
  'tasks.updated_at',
] as const;

/** Within a day, timed tasks by their time (08:00 before 19:00), then the untimed. */
export const NO_TIME = '99:99';
export const timeKey = sql`coalesce(tasks.due_time, ${sql.lit(NO_TIME)})`;

/**
 * The task's label names, by name, joined with commas (a name never holds
 * one: LABEL_NAME). `string_agg … order by` is the same on both dialects
 * (SQLite since 3.44). One index lookup per row of a page.
 */
export const labelNames = sql<string | null>`(
  select string_agg(labels.name, ',' order by labels.name_key)
  from task_labels join labels on labels.id = task_labels.label_id
  where task_labels.task_id = tasks.id)`;

export function selectTasks(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('tasks')
    .leftJoin('goals', (join) =>
      join.onRef('goals.id', '=', 'tasks.goal_id').on('goals.deleted_at', 'is', null),
    )
    .select([
      ...COLUMNS,
      'tasks.deleted_at',
      'goals.id as live_goal_id',
      labelNames.as('label_names'),
      reminderList.as('reminder_list'),
    ])
    .where('tasks.user_id', '=', userId);
}
