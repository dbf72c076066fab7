import { dayLabel } from '../calendar-day';
import { ruleInWords } from '../recurrence/words';
import type { QuickAdd, QuickAddGoal, QuickAddToken } from './quick-add-types';

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
    case 'repeat':
      return `Repeats ${parsed.repeat ? ruleInWords(parsed.repeat, parsed.repeat_from) : ''}`;
  }
}
