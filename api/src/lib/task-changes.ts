// What a patch does to a task, worked out from the row as read and nothing
// else: the columns to write (derived ones included) and, when a repeating
// task is completed, the occurrence to record. The task service reads the
// row, checks the version and writes what this returns.
import type { RepeatFrom, TaskPatch } from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import { nextOccurrence, occurrencesBetween } from '@stride/shared/recurrence';
import type { TaskReminder } from '@stride/shared/reminders';
import type { TaskRow } from '../db/schema.js';
import { addDays } from './dates.js';
import { badRequest } from './errors.js';
import { sameLabels } from './task-labels.js';
import {
  PRIORITY_RANK,
  readSubtasks,
  repeatFrom,
  searchText,
  writeSubtasks,
} from './task-record.js';
import { sameReminders } from './task-reminders.js';

/** The columns of the current row a change depends on, its labels and reminders (task-select.ts). */
export type TaskBefore = { label_names: string | null; reminder_list: string | null } & Pick<
  TaskRow,
  | 'title'
  | 'notes'
  | 'due_date'
  | 'due_time'
  | 'repeat_rule'
  | 'repeat_from'
  | 'subtasks'
  | 'completed_at'
  | 'position'
>;

export interface TaskChange {
  /** The columns to set, `version` and `updated_at` included. */
  next: Partial<TaskRow>;
  /** Set when a repeating task's occurrence is completed: the due date it had. */
  completed: { occurrence_date: string | null } | null;
  /** The task's labels by name when the patch changes them (lib/task-labels.ts writes them). */
  labels: string[] | null;
  /** The task's reminders when the patch changes them (lib/task-reminders.ts writes them). */
  reminders: TaskReminder[] | null;
}

export const invalidField = (field: string, message: string) =>
  badRequest('invalid_input', 'Some fields are invalid', { [field]: message });

/** A repeating task's first day from `today`; a 400 for a rule with none in reach from there. */
export function firstDay(rule: string, today: string): string {
  const day = nextOccurrence(rule, today);
  if (!day) throw invalidField('repeat', 'That repeat rule never comes round from this day');
  return day;
}

/**
 * The day a repeating task is due next once done `today`. From its due day
 * (never before today), or, for "every! 3 days", counted from today: three
 * days after it was done, whenever it was due.
 */
function dueAfter(
  rule: string,
  from: RepeatFrom,
  due: string | null,
  today: string,
): string | null {
  if (from === 'done') return nextOccurrence(rule, today, false);
  if (!due) return nextOccurrence(rule, today);
  // The rule's own days counted from the due day, as the Upcoming view shows
  // them: "every month" due the 11th is next due the 11th of next month.
  // (Counting from the day after it, as this did, made it the 12th.)
  const start = addDays(due, 1) > today ? addDays(due, 1) : today;
  const [next] = occurrencesBetween(rule, due, start, addDays(start, LIMITS.repeatHorizonDays), 1);
  return next ?? null;
}

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

/**
 * The change `patch` makes to `row` at `now` (an ISO time) on the user's
 * `today`, or null when it changes nothing. Marking a repeating task done
 * completes this occurrence: the task moves to its rule's next day, to do
 * again, its checklist unticked. Throws a 400 for a time without a date, or a
 * rule with no day in reach.
 */
export function taskChange(
  row: TaskBefore,
  patch: TaskPatch,
  now: string,
  today: string,
): TaskChange | null {
  const { version, repeat, subtasks } = patch;
  const changes = changedFields(patch);
  const labels =
    patch.labels !== undefined && !sameLabels(patch.labels, row.label_names) ? patch.labels : null;
  const reminders =
    patch.reminders !== undefined && !sameReminders(patch.reminders, row.reminder_list)
      ? patch.reminders
      : null;
  // A move to where the task is already is no change (and no new version).
  if (patch.position !== undefined && patch.position !== row.position) {
    changes.position = patch.position;
  }
  if (
    Object.keys(changes).length === 0 &&
    repeat === undefined &&
    patch.repeat_from === undefined &&
    subtasks === undefined &&
    labels === null &&
    reminders === null
  ) {
    return null;
  }
  const next: Partial<TaskRow> = { ...changes, version: version + 1, updated_at: now };
  if (repeat !== undefined) next.repeat_rule = repeat;
  // What the rule counts from goes with the rule: a new rule without it
  // counts from the due day (an editor that knows nothing of "every!").
  if (repeat !== undefined || patch.repeat_from !== undefined) {
    next.repeat_from = repeatFrom(
      next.repeat_rule !== undefined ? next.repeat_rule : row.repeat_rule,
      patch.repeat_from ?? (repeat !== undefined ? 'due' : row.repeat_from),
    );
  }
  if (subtasks !== undefined) next.subtasks = writeSubtasks(subtasks);
  if (patch.priority) next.priority_rank = PRIORITY_RANK[patch.priority];
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
  if (rule && !due) due = next.due_date = firstDay(rule, today);
  if (!due) {
    if (changes.due_time) throw invalidField('due_time', 'A time needs a due date');
    if (row.due_time) next.due_time = null;
  }
  let completed: TaskChange['completed'] = null;
  if (rule && changes.status === 'done') {
    completed = { occurrence_date: due };
    const from = repeatFrom(rule, next.repeat_from ?? row.repeat_from);
    const nextDue = dueAfter(rule, from, due, today);
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
  return { next, completed, labels, reminders };
}
