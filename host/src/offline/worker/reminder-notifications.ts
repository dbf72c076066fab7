// Reminders in the service worker (docs/architecture.md §4, "Reminders"), its
// pure part: what a push message carries and what an action button posts.
// No worker globals here, so the rules are unit-tested in Node; sw.ts
// listens.
import {
  type ReminderNotice,
  readReminderNotice,
  reminderActionPath,
} from '@stride/shared/reminders';

/** The reminder a push message carries, or null for anything else. */
export function reminderOfPush(data: unknown): ReminderNotice | null {
  const message = data as { type?: unknown; notice?: unknown } | null;
  if (typeof message !== 'object' || message === null || message.type !== 'reminder') return null;
  return readReminderNotice(message.notice);
}

/** The request an action button makes, or null when the click is not on one. */
export function actionRequest(notice: ReminderNotice, action: string): Request | null {
  if (action !== 'done' && action !== 'snooze') return null;
  return new Request(`${notice.api}${reminderActionPath(notice.reminder_id, action)}`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
}
