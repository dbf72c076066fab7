import { Button, SelectField, TextField } from '@stride/shared';
import { ReminderIcon } from '@stride/shared/reminder-icon';
import {
  BEFORE_CHOICES,
  describeBefore,
  describeReminder,
  reminderKey,
  type TaskReminder,
} from '@stride/shared/reminders';
import { useId, useState } from 'react';
import { suggestedTime, withReminder } from '../reminder-draft';
import { NotificationSwitch } from './NotificationSwitch';
import '../reminders.css';

interface ReminderPickerProps {
  value: readonly TaskReminder[];
  onChange: (reminders: TaskReminder[]) => void;
  /** The editor's due date and time, as typed (YYYY-MM-DD, HH:MM or ''). */
  dueDate: string;
  dueTime: string;
}

const AT_A_TIME = 'at';

/**
 * A task's reminders in its editor: each set one with a remove button, then
 * "Remind me" — at a time (a date and time field) or some minutes before the
 * due time. Saved with the task; the switch below asks for notifications.
 */
export function ReminderPicker({ value, onChange, dueDate, dueTime }: ReminderPickerProps) {
  const id = useId();
  const [kind, setKind] = useState<string>(AT_A_TIME);
  const [time, setTime] = useState(() => suggestedTime(dueDate));
  const [error, setError] = useState<string>();

  const add = () => {
    let reminder: TaskReminder;
    if (kind === AT_A_TIME) {
      const instant = new Date(time);
      if (!time || Number.isNaN(instant.getTime())) return setError('Pick a date and time');
      reminder = { at: instant.toISOString() };
    } else reminder = { before_minutes: Number(kind) };
    const next = withReminder(value, reminder);
    if ('error' in next) return setError(next.error);
    setError(undefined);
    onChange(next);
  };

  return (
    <fieldset className="reminder-picker">
      <legend className="reminder-picker__legend">Reminders</legend>
      {value.length > 0 && (
        <ul className="reminder-picker__list">
          {value.map((reminder) => {
            const words = describeReminder(reminder);
            const waiting = 'before_minutes' in reminder && !(dueDate && dueTime);
            return (
              <li key={reminderKey(reminder)} className="reminder-picker__item">
                <ReminderIcon />
                <span>
                  {words}
                  {waiting && <span className="reminder-picker__hint"> (needs a due time)</span>}
                </span>
                <button
                  type="button"
                  className="reminder-picker__remove"
                  aria-label={`Remove reminder ${words}`}
                  onClick={() => onChange(value.filter((had) => had !== reminder))}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="reminder-picker__add">
        <SelectField
          id={`${id}-kind`}
          label="Remind me"
          value={kind}
          onChange={(event) => setKind(event.target.value)}
          options={[
            { value: AT_A_TIME, label: 'At a time…' },
            ...BEFORE_CHOICES.map((minutes) => ({
              value: String(minutes),
              label: describeBefore(minutes),
            })),
          ]}
        />
        {kind === AT_A_TIME && (
          <TextField
            id={`${id}-time`}
            type="datetime-local"
            label="Reminder time"
            value={time}
            onChange={(event) => setTime(event.target.value)}
          />
        )}
        <Button onClick={add}>Add reminder</Button>
      </div>
      {error && (
        <p className="reminder-picker__error" role="alert">
          {error}
        </p>
      )}
      {value.length > 0 && <NotificationSwitch />}
    </fieldset>
  );
}
