// A task's reminders as the editor's draft holds them: one string of
// reminder keys ("at:2030-03-13T08:00:00.000Z before:30"), so the draft's
// fields stay strings that compare and undo like the others (task-draft.ts).
import { LIMITS } from '@stride/shared/limits';
import { reminderKey, type TaskReminder } from '@stride/shared/reminders';

export const remindersDraft = (reminders: readonly TaskReminder[]): string =>
  reminders.map(reminderKey).join(' ');

export function remindersOf(draft: string): TaskReminder[] {
  return draft
    .split(' ')
    .filter(Boolean)
    .map(
      (key): TaskReminder =>
        key.startsWith('before:')
          ? { before_minutes: Number(key.slice('before:'.length)) }
          : { at: key.slice('at:'.length) },
    );
}

/** The same reminders whatever their order. */
export const comparableReminders = (draft: string): string =>
  draft.split(' ').filter(Boolean).sort().join(' ');

/** The list with `reminder` added, or why not. */
export function withReminder(
  list: readonly TaskReminder[],
  reminder: TaskReminder,
): TaskReminder[] | { error: string } {
  if (list.some((had) => reminderKey(had) === reminderKey(reminder))) {
    return { error: 'That reminder is already set' };
  }
  if (list.length >= LIMITS.remindersPerTask) {
    return { error: `A task takes at most ${LIMITS.remindersPerTask} reminders` };
  }
  return [...list, reminder];
}

/** `YYYY-MM-DDTHH:MM` on this device's clock, for a datetime-local field. */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A new reminder's suggested time: 09:00 on the due day when it is ahead, else the next hour. */
export function suggestedTime(dueDate: string, now = new Date()): string {
  if (dueDate) {
    const morning = new Date(`${dueDate}T09:00`);
    if (morning.getTime() > now.getTime()) return localInputValue(morning);
  }
  const next = new Date(now);
  next.setHours(now.getHours() + 1, 0, 0, 0);
  return localInputValue(next);
}
