import { ruleInWords } from '../recurrence/words';
import type { QuickAdd, QuickAddGoal, QuickAddToken } from './quick-add-types';

const DAY_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** "Thu 26 Nov" for 2026-11-26 (a calendar day: read in UTC, so no zone moves it). */
export const dayLabel = (isoDate: string) => DAY_FORMAT.format(new Date(`${isoDate}T00:00:00Z`));

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
    case 'repeat':
      return `Repeats ${parsed.repeat ? ruleInWords(parsed.repeat) : ''}`;
  }
}
