import { ruleInWords } from '@stride/shared/recurrence';

const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The editor's repeat choices, in words, anchored on the due date where that
 * matters ("every week on Tuesday" for a Tuesday task), plus the task's own
 * rule when it is none of them (typed in quick add, say). `countedFromDone`
 * is the saved rule when it counts from the day the task is done ("every!"):
 * its choice says so.
 */
export function repeatOptions(
  dueDate: string,
  current: string,
  countedFromDone: string | null = null,
): { value: string; label: string }[] {
  const due = dueDate ? new Date(`${dueDate}T00:00:00Z`) : null;
  const weekday = due ? `;BYDAY=${WEEKDAY_CODES[due.getUTCDay()]}` : '';
  const monthDay = due ? `;BYMONTHDAY=${due.getUTCDate()}` : '';
  // Which of its month's weekdays the date is: the 1st to 4th, or (the 29th on) the last.
  const week = due ? Math.ceil(due.getUTCDate() / 7) : 0;
  const monthWeekday = due
    ? `FREQ=MONTHLY;BYDAY=${week > 4 ? -1 : week}${WEEKDAY_CODES[due.getUTCDay()]}`
    : null;
  const rules = [
    'FREQ=DAILY',
    'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    `FREQ=WEEKLY${weekday}`,
    `FREQ=WEEKLY;INTERVAL=2${weekday}`,
    `FREQ=MONTHLY${monthDay}`,
    ...(monthWeekday ? [monthWeekday] : []),
    'FREQ=YEARLY',
  ];
  for (const own of [current, countedFromDone]) if (own && !rules.includes(own)) rules.push(own);
  return [
    { value: '', label: 'Does not repeat' },
    ...rules.map((rule) => ({
      value: rule,
      label: ruleInWords(rule, rule === countedFromDone ? 'done' : 'due').replace(/^e/, 'E'),
    })),
  ];
}
