// Reminders' rules, for every side: the API's scheduler, the host's in-tab
// notice, the service worker's notification, quick add and the Tasks remote's
// editor read them here. It imports only the date helpers, so any app and the
// worker can load it (`@stride/shared/reminders`). docs/architecture.md §4,
// "Reminders".
import { dayLabel, todayIn } from './calendar-day';
import { LIMITS, rawMax } from './limits';
import { isoDate, isoTime, wallClockAt } from './quick-add/wall-clock';

/** A reminder at an instant (`at`, ISO 8601) or some minutes before a timed due date. */
export type TaskReminder = { at: string } | { before_minutes: number };

/** "Snooze" in a notification or the in-tab notice puts a reminder off by this much. */
export const SNOOZE_MINUTES = 10;

/** The "before the due time" choices the editor offers, in minutes. */
export const BEFORE_CHOICES = [0, 5, 10, 15, 30, 60, 120, 1440] as const;

/** What a reminder's delivery carries, in the live stream and in a Web Push message. */
export interface ReminderNotice {
  reminder_id: string;
  task_id: string;
  /** The task's title when the reminder went out. */
  title: string;
  /** When it was due to go out: a late one (after downtime) says its own time. */
  fire_at: string;
  due_date: string | null;
  due_time: string | null;
  /** Where its actions post (the API's base URL, `…/api`), for the service worker. */
  api: string;
}

/** A Web Push message's payload (the service worker shows it as a notification). */
export interface ReminderPush {
  type: 'reminder';
  notice: ReminderNotice;
}

/** One key per reminder and time: a repeat of one delivery replaces the notification shown. */
export const reminderTag = (notice: Pick<ReminderNotice, 'reminder_id' | 'fire_at'>) =>
  `reminder:${notice.reminder_id}:${notice.fire_at}`;

/** The API's paths of a reminder's two actions. */
export const reminderActionPath = (reminderId: string, action: 'done' | 'snooze') =>
  `/reminders/${encodeURIComponent(reminderId)}/${action}/`;

/** The same reminder whatever its spelling: `at` compared as an instant. */
export function reminderKey(reminder: TaskReminder): string {
  if ('before_minutes' in reminder) return `before:${reminder.before_minutes}`;
  const time = Date.parse(reminder.at);
  return `at:${Number.isNaN(time) ? reminder.at : new Date(time).toISOString()}`;
}

/** "30 min before", "1 h before", "At due time", "1 day before". */
export function describeBefore(minutes: number): string {
  if (minutes === 0) return 'At the due time';
  if (minutes % 1440 === 0) return `${minutes / 1440} day${minutes === 1440 ? '' : 's'} before`;
  if (minutes % 60 === 0) return `${minutes / 60} h before`;
  return `${minutes} min before`;
}

/**
 * An instant as a reminder shows it on the reader's clock: "Today, 08:00",
 * "Fri 13 Mar, 08:00".
 */
export function reminderTimeLabel(iso: string, timeZone?: string | null, now = new Date()): string {
  const clock = wallClockAt(new Date(iso), timeZone);
  const day = isoDate(clock);
  const today = todayIn(timeZone, now);
  return `${day === today ? 'Today' : dayLabel(day, { today })}, ${isoTime(clock)}`;
}

/** A reminder in words, as the editor lists it. */
export function describeReminder(reminder: TaskReminder, timeZone?: string | null): string {
  return 'at' in reminder
    ? reminderTimeLabel(reminder.at, timeZone)
    : describeBefore(reminder.before_minutes);
}

/** What a reminder's system notification shows: the same from the page and from the service worker. */
export function reminderNotification(notice: ReminderNotice, timeZone?: string | null) {
  return {
    title: notice.title,
    options: {
      body: `Reminder · ${reminderTimeLabel(notice.fire_at, timeZone)}`,
      tag: reminderTag(notice),
      data: notice,
      // Shown only through the service worker (a page's Notification has no actions).
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'snooze', title: `Snooze ${SNOOZE_MINUTES} min` },
      ],
    },
  };
}

const ID_MAX = 128;
const isText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;
const isTextOrNull = (value: unknown, max: number): value is string | null =>
  value === null || isText(value, max);

/**
 * A notice that arrived from elsewhere (another API instance, a push
 * message), rebuilt from its known fields only, each bounded; null when it
 * is not one.
 */
export function readReminderNotice(value: unknown): ReminderNotice | null {
  const notice = value as Record<string, unknown> | null;
  if (typeof notice !== 'object' || notice === null) return null;
  const { reminder_id, task_id, title, fire_at, due_date, due_time, api } = notice;
  if (!isText(reminder_id, ID_MAX) || !reminder_id || !isText(task_id, ID_MAX) || !task_id) {
    return null;
  }
  if (!isText(title, rawMax(LIMITS.titleMax)) || !isText(fire_at, 40)) return null;
  if (!isTextOrNull(due_date, 10) || !isTextOrNull(due_time, 5)) return null;
  if (!isText(api, LIMITS.urlMax) || !/^https?:\/\//.test(api)) return null;
  return { reminder_id, task_id, title, fire_at, due_date, due_time, api };
}
