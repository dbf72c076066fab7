import type { Task, TaskInput, TaskPriority, TaskStatus } from '@stride/shared';
import { comparableReminders, remindersDraft, remindersOf } from '../reminders/reminder-draft';

/** What the inline editor's fields hold: strings, '' for "none". */
export interface TaskDraft {
  title: string;
  notes: string;
  due_date: string;
  /** `HH:MM`, or '' for no time. */
  due_time: string;
  /** RRULE body, or '' for a task that does not repeat. */
  repeat: string;
  priority: TaskPriority;
  goal_id: string;
  status: TaskStatus;
  /** The labels' names, space-separated (a name is one word). */
  labels: string;
  /** The reminders' keys, space-separated (reminder-draft.ts). */
  reminders: string;
}

export const DRAFT_FIELDS = [
  'title',
  'notes',
  'due_date',
  'due_time',
  'repeat',
  'priority',
  'goal_id',
  'status',
  'labels',
  'reminders',
] as const;
export type DraftField = (typeof DRAFT_FIELDS)[number];

export function draftOf(task: Task): TaskDraft {
  return {
    title: task.title,
    notes: task.notes ?? '',
    due_date: task.due_date ?? '',
    due_time: task.due_time ?? '',
    repeat: task.repeat ?? '',
    priority: task.priority,
    goal_id: task.goal_id ?? '',
    status: task.status,
    // A task from a release before labels has none.
    labels: (task.labels ?? []).join(' '),
    // A task from a release before reminders has none.
    reminders: remindersDraft(task.reminders ?? []),
  };
}

/** The draft as the API takes it (empty optional fields become null, the title trimmed). */
function apiValue(draft: TaskDraft, field: DraftField): TaskInput[DraftField] {
  const value = draft[field];
  if (field === 'title') return value.trim();
  if (field === 'status' || field === 'priority') return value;
  if (field === 'labels') return value.split(' ').filter(Boolean);
  if (field === 'reminders') return remindersOf(value);
  // Every other field is optional: '' means none.
  return value || null;
}

/** A field's value as two drafts compare it: labels and reminders as sets (labels whatever their case). */
function comparable(draft: TaskDraft, field: DraftField): unknown {
  if (field === 'reminders') return comparableReminders(draft.reminders);
  if (field !== 'labels') return apiValue(draft, field);
  return draft.labels.toLowerCase().split(' ').filter(Boolean).sort().join(' ');
}

/** The fields where two drafts differ. */
export function changedFields(a: TaskDraft, b: TaskDraft): DraftField[] {
  return DRAFT_FIELDS.filter((field) => comparable(a, field) !== comparable(b, field));
}

/** A patch with only the fields the user changed since `base`. */
export function patchFrom(draft: TaskDraft, base: TaskDraft): Partial<TaskInput> {
  const patch: Record<string, unknown> = {};
  for (const field of changedFields(draft, base)) patch[field] = apiValue(draft, field);
  return patch as Partial<TaskInput>;
}
