// A reminder that reaches an open tab (live sync's `reminder` event;
// docs/architecture.md §4, "Reminders"): a toast that stays until it is
// answered, with Done and Snooze, and — when notifications are allowed and
// the page is hidden or another window has the focus — a system
// notification through the service worker, under the tag a Web Push of the
// same reminder carries, so the two make one.
import { apiRequest, logError, notify, queryClient, queryKeys } from '@stride/shared';
import { ReminderIcon } from '@stride/shared/reminder-icon';
import {
  type ReminderNotice,
  reminderActionPath,
  reminderNotification,
  reminderTag,
  reminderTimeLabel,
  SNOOZE_MINUTES,
} from '@stride/shared/reminders';
import toast from 'react-hot-toast';
import './reminders.css';

async function act(notice: ReminderNotice, action: 'done' | 'snooze'): Promise<void> {
  try {
    await apiRequest(reminderActionPath(notice.reminder_id, action), { method: 'POST', body: {} });
    if (action === 'done') {
      // This tab made the change: live sync skips its own echo.
      await queryClient.invalidateQueries({ queryKey: queryKeys.workData });
      notify.success(`Done: ${notice.title}`);
    } else notify.info(`Snoozed for ${SNOOZE_MINUTES} minutes`);
  } catch (error) {
    logError('A reminder action failed', error);
    notify.error('That did not reach Stride. Try again in a moment.');
  }
}

function systemNotification(notice: ReminderNotice): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  // Someone looking at this page has the toast; one in another window or tab gets the system's.
  if (document.visibilityState === 'visible' && document.hasFocus()) return;
  const { title, options } = reminderNotification(notice);
  void (async () => {
    const registration = await navigator.serviceWorker?.getRegistration();
    if (registration) await registration.showNotification(title, options);
    else new Notification(title, { body: options.body, tag: options.tag });
  })().catch((error) => logError('A reminder notification could not be shown', error));
}

/** Shows one reminder in this tab (again for a repeat: one toast per reminder and time). */
export function showReminder(notice: ReminderNotice): void {
  toast(
    (t) => (
      <div className="reminder-toast">
        <p className="reminder-toast__title">
          <ReminderIcon /> {notice.title}
        </p>
        <p className="reminder-toast__time">Reminder · {reminderTimeLabel(notice.fire_at)}</p>
        <div className="reminder-toast__actions">
          <button
            type="button"
            className="ui-undo__button"
            onClick={() => {
              toast.dismiss(t.id);
              void act(notice, 'done');
            }}
          >
            Done
          </button>
          <button
            type="button"
            className="ui-undo__button"
            onClick={() => {
              toast.dismiss(t.id);
              void act(notice, 'snooze');
            }}
          >
            Snooze {SNOOZE_MINUTES} min
          </button>
        </div>
      </div>
    ),
    { id: reminderTag(notice), duration: Number.POSITIVE_INFINITY },
  );
  systemNotification(notice);
}
