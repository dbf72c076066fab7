import { dayLabel } from '../calendar-day';
import { ruleInWords } from '../recurrence/words';
import { describeBefore } from '../reminders';
import type { QuickAdd, QuickAddGoal, QuickAddToken } from './quick-add-types';
import { findReminderPhrases } from './reminder-phrase';

/** What a recognised part of the line will do to the task, in words. */
export function tokenMeaning(
  token: QuickAddToken,
  parsed: QuickAdd,
  goals: readonly QuickAddGoal[] = [],
): string {
  switch (token.kind) {
    case 'date':
      return `Due ${parsed.due_date ? dayLabel(parsed.due_date) : ''}${
        parsed.due_time ? `, ${parsed.due_time}` : ''
      }`;
    case 'priority':
      return `${(parsed.priority ?? '').replace(/^./, (c) => c.toUpperCase())} priority`;
    case 'goal':
      return `Goal: ${goals.find((goal) => goal.id === parsed.goal_id)?.title ?? ''}`;
    case 'label':
      return `Label: ${token.text.slice(1)}`;
    case 'reminder':
      return reminderMeaning(token, parsed);
    case 'repeat':
      return `Repeats ${parsed.repeat ? ruleInWords(parsed.repeat, parsed.repeat_from) : ''}`;
  }
}

/** "Remind at 08:00", "Remind tomorrow at 08:00", "Remind 30 min before". */
function reminderMeaning(token: QuickAddToken, parsed: QuickAdd): string {
  const wanted = findReminderPhrases(token.text)[0]?.wanted;
  if (!wanted) return 'Remind';
  if ('time' in wanted) return `Remind ${wanted.day ? `${wanted.day} ` : ''}at ${wanted.time}`;
  const before = describeBefore(wanted.before_minutes);
  // The API keeps it, silent until the task has a due time: say so now.
  const waits = parsed.due_time ? '' : ' (needs a due time)';
  return `Remind ${before.charAt(0).toLowerCase()}${before.slice(1)}${waits}`;
}
