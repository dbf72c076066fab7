// The row's chips whose words depend on the reader's clock, time zone or
// language: written as the browser writes them once the app runs, and in
// the server's HTML and while hydrating as the data has them, so a page
// sent with its tasks (docs/architecture.md §2, "Pages with data") is taken
// over as it is. Each a component of its own: after hydration React redraws
// these chips, not the rows around them.
import type { Task } from '@stride/shared';
import { useHydrated } from '@stride/shared/hydration';
import { ReminderIcon } from '@stride/shared/reminder-icon';
import { describeReminder } from '@stride/shared/reminders';
import { describeDue } from '../task-format';

type Due = Pick<Task, 'due_date' | 'status' | 'due_time'>;

/** "Due today", "Overdue · Thu 26 Nov"; until the app runs, the day as the data writes it. */
export function DueChip({ task }: { task: Due }) {
  const hydrated = useHydrated();
  if (!task.due_date) return null;
  const due = hydrated
    ? describeDue(task)
    : { state: 'day', label: `Due ${task.due_date}${task.due_time ? `, ${task.due_time}` : ''}` };
  return due && <span className={`chip chip--${due.state}`}>{due.label}</span>;
}

/** How many reminders, and when each is (in the reader's time zone) once the app runs. */
export function RemindersChip({ reminders }: { reminders: Task['reminders'] }) {
  const words = useHydrated()
    ? reminders.map((reminder) => describeReminder(reminder)).join('; ')
    : undefined;
  return (
    <span className="chip chip--muted" title={words}>
      <ReminderIcon /> <span aria-hidden="true">{reminders.length}</span>
      <span className="visually-hidden">Reminders{words ? `: ${words}` : ''}</span>
    </span>
  );
}
