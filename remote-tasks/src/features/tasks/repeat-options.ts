import { ruleInWords } from '@stride/shared/recurrence';

const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * The editor's repeat choices, in words, anchored on the due date where that
 * matters ("every week on Tuesday" for a Tuesday task), plus the task's own
 * rule when it is none of them (typed in quick add, say).
 */
export function repeatOptions(
  dueDate: string,
  current: string,
): { value: string; label: string }[] {
  const due = dueDate ? new Date(`${dueDate}T00:00:00Z`) : null;
  const weekday = due ? `;BYDAY=${WEEKDAY_CODES[due.getUTCDay()]}` : '';
  const monthDay = due ? `;BYMONTHDAY=${due.getUTCDate()}` : '';
  const rules = [
    'FREQ=DAILY',
    'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    `FREQ=WEEKLY${weekday}`,
    `FREQ=WEEKLY;INTERVAL=2${weekday}`,
    `FREQ=MONTHLY${monthDay}`,
    'FREQ=YEARLY',
  ];
  if (current && !rules.includes(current)) rules.push(current);
  return [
    { value: '', label: 'Does not repeat' },
    ...rules.map((rule) => ({ value: rule, label: ruleInWords(rule).replace(/^e/, 'E') })),
  ];
}
