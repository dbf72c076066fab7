// The one place a tasks row is built and becomes the Task JSON of the
// contract. The task service and the import both write rows, so this sits
// below them both (docs/architecture.md §10: a piece two modules need gets
// a module of its own).
import { randomUUID } from 'node:crypto';
import type { RepeatFrom, Subtask, Task, TaskPriority, TaskStatus } from '@stride/shared/contract';
import type { TaskRow } from '../db/schema.js';
import { readReminders } from './task-reminders.js';

/** `priority_rank`, the column the priority sort orders by. */
export const PRIORITY_RANK: Record<TaskPriority, number> = {
  none: 0,
  low: 1,
  medium: 2,
  high: 3,
};

/** The columns the Task JSON is made of, its label names and reminders (task-select.ts). */
export type TaskColumns = { label_names: string | null; reminder_list: string | null } & Pick<
  TaskRow,
  | 'id'
  | 'title'
  | 'notes'
  | 'status'
  | 'priority'
  | 'due_date'
  | 'due_time'
  | 'repeat_rule'
  | 'repeat_from'
  | 'subtasks'
  | 'completed_at'
  | 'position'
  | 'version'
  | 'created_at'
  | 'updated_at'
>;

/** `liveGoalId` is null when the row's goal is deleted: the row keeps the link, the JSON hides it. */
export function toTaskJson(row: TaskColumns, liveGoalId: string | null): Task {
  return {
    id: row.id,
    title: row.title,
    notes: row.notes ?? null,
    status: row.status as TaskStatus,
    priority: row.priority as TaskPriority,
    due_date: row.due_date ?? null,
    due_time: row.due_time ?? null,
    repeat: row.repeat_rule ?? null,
    repeat_from: repeatFrom(row.repeat_rule, row.repeat_from),
    subtasks: readSubtasks(row.subtasks),
    goal_id: liveGoalId,
    labels: row.label_names ? row.label_names.split(',') : [],
    reminders: readReminders(row.reminder_list),
    completed_at: row.completed_at ?? null,
    position: row.position,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A rule counts from the day it was done only when there is a rule and it says so. */
export const repeatFrom = (rule: string | null, from: string | null | undefined): RepeatFrom =>
  rule && from === 'done' ? 'done' : 'due';

export const readSubtasks = (json: string | null): Subtask[] =>
  json ? (JSON.parse(json) as Subtask[]) : [];
export const writeSubtasks = (subtasks: readonly Subtask[]): string | null =>
  subtasks.length > 0 ? JSON.stringify(subtasks) : null;

/** Lower-cased in JS, so `q` is case-insensitive beyond ASCII on SQLite too. */
export const searchText = (title: string, notes: string | null) =>
  `${title}\n${notes ?? ''}`.toLowerCase();

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
  /** Absent: from the due day. */
  repeat_from?: RepeatFrom;
  subtasks: readonly Subtask[];
  completed_at: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

/**
 * The row of a new task: the one place its derived columns are worked out.
 * `position` is its place in the user's order (plugins/app/task-order.ts).
 */
export function newTaskRow(userId: string, now: string, task: NewTask, position: string): TaskRow {
  return {
    id: randomUUID(),
    user_id: userId,
    goal_id: task.goal_id,
    title: task.title,
    notes: task.notes,
    status: task.status,
    priority: task.priority,
    priority_rank: PRIORITY_RANK[task.priority],
    due_date: task.due_date,
    due_time: task.due_time,
    repeat_rule: task.repeat,
    repeat_from: repeatFrom(task.repeat, task.repeat_from),
    subtasks: writeSubtasks(task.subtasks),
    completed_at: task.completed_at,
    search_text: searchText(task.title, task.notes),
    position,
    version: 1,
    created_at: task.created_at ?? now,
    updated_at: task.updated_at ?? now,
    deleted_at: null,
    deleted_with_goal: 0,
  };
}
