// Checks on goal and task input that JSON Schema cannot express: trimmed
// lengths (counted like the forms count them, in UTF-16 units) and the page
// size that arrives as a query string. The numbers are the forms' own
// (shared/src/limits.ts), so the two never disagree.
import type { Subtask, TaskReminderInput } from '@stride/shared/contract';
import { LABEL_NAME, labelKey } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import { checkRule } from '@stride/shared/recurrence';
import { reminderKey, type TaskReminder } from '@stride/shared/reminders';
import { badRequest } from './errors.js';
import { isBlank, unstorable } from './text.js';

export { LIMITS };

const invalid = (field: string, message: string) =>
  badRequest('invalid_input', 'Some fields are invalid', { [field]: message });

/**
 * Text a database can keep as it was sent. The JSON parser already refuses
 * both cases in a request body; this holds them out of text that arrives
 * inside another document too (an imported file).
 */
function storable(value: string, field: string): void {
  const reason = unstorable(value);
  if (reason) throw invalid(field, reason);
}

export function title(value: string, field = 'title'): string {
  storable(value, field);
  const trimmed = value.trim();
  if (isBlank(trimmed) || trimmed.length > LIMITS.titleMax) {
    throw invalid(field, `Must be 1 to ${LIMITS.titleMax} characters`);
  }
  return trimmed;
}

/** Optional long text: absent stays absent, blank becomes null. */
export function longText(
  value: string | null | undefined,
  field: string,
  max: number,
): string | null | undefined {
  if (value === undefined || value === null) return value;
  storable(value, field);
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalid(field, `Must be at most ${max} characters`);
  return isBlank(trimmed) ? null : trimmed;
}

export function pageSize(raw: string | undefined): number {
  if (raw === undefined) return LIMITS.pageSizeDefault;
  const value = Number(raw);
  if (!/^\d{1,3}$/.test(raw) || value < 1 || value > LIMITS.pageSizeMax) {
    throw invalid('limit', `Must be a whole number from 1 to ${LIMITS.pageSizeMax}`);
  }
  return value;
}

/** A repeat rule (RRULE body), bounded to one occurrence a day; null stops repeating. */
export function repeatRule(value: string | null): string | null {
  if (value === null) return null;
  const body = value.trim().replace(/^RRULE:/i, '');
  const check = checkRule(body);
  if (!check.ok) throw invalid('repeat', check.reason);
  return body;
}

/** The checklist: each step's title trimmed and checked, ids unique. */
export function subtasks(steps: readonly Subtask[]): Subtask[] {
  const ids = new Set(steps.map((step) => step.id));
  if (ids.size !== steps.length) throw invalid('subtasks', 'Each step needs its own id');
  return steps.map((step) => ({
    id: step.id,
    title: title(step.title, 'subtasks'),
    done: step.done,
  }));
}

/** A label's name, trimmed: one word of letters, digits, `-` and `_` (shared/src/labels.ts). */
export function labelName(value: string, field = 'name'): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > LIMITS.labelNameMax) {
    throw invalid(field, `Must be 1 to ${LIMITS.labelNameMax} characters`);
  }
  if (!LABEL_NAME.test(trimmed)) {
    throw invalid(field, 'A label is one word: letters, digits, - and _');
  }
  return trimmed;
}

/** A task's labels: each name checked, the same label (whatever its case) once, at most labelsPerTask. */
export function labelNames(names: readonly string[]): string[] {
  if (names.length > LIMITS.labelsPerTask) {
    throw invalid('labels', `A task carries at most ${LIMITS.labelsPerTask} labels`);
  }
  const byKey = new Map<string, string>();
  for (const name of names) {
    const checked = labelName(name, 'labels');
    if (!byKey.has(labelKey(checked))) byKey.set(labelKey(checked), checked);
  }
  return [...byKey.values()];
}

/** An instant a reminder may be set for: ten years either way is all a tracker needs. */
const REMINDER_SPAN_MS = 10 * 366 * 86_400_000;

/**
 * A task's reminders: each instant read and written in UTC (`…Z`), the same
 * reminder once, at most remindersPerTask (the schema caps the list's length
 * and each value's). `now` bounds the instants.
 */
export function reminders(list: readonly TaskReminderInput[], now: Date): TaskReminder[] {
  const byKey = new Map<string, TaskReminder>();
  for (const reminder of list) {
    let checked: TaskReminder;
    if ('at' in reminder) {
      const time = Date.parse(reminder.at);
      if (Number.isNaN(time) || Math.abs(time - now.getTime()) > REMINDER_SPAN_MS) {
        throw invalid('reminders', 'A reminder needs a date and time within ten years');
      }
      checked = { at: new Date(time).toISOString() };
    } else {
      checked = { before_minutes: reminder.before_minutes };
    }
    byKey.set(reminderKey(checked), checked);
  }
  if (byKey.size > LIMITS.remindersPerTask) {
    throw invalid('reminders', `A task carries at most ${LIMITS.remindersPerTask} reminders`);
  }
  return [...byKey.values()];
}
