// A repeat rule in words, without rrule (which the quick-add parser loads
// later): the task rows show it on the page's first render. It reads the
// rules Stride writes; anything else is "repeats".

const DAY_NAMES: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const UNITS: Record<string, [string, string]> = {
  DAILY: ['day', 'days'],
  WEEKLY: ['week', 'weeks'],
  MONTHLY: ['month', 'months'],
  YEARLY: ['year', 'years'],
};

const ordinal = (n: number) => {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * "every week on Monday", "every weekday", "every 2 weeks", "every month on
 * the 1st"; with `from` `done` ("every! 3 days"), "every 3 days after it's done".
 */
export function ruleInWords(rule: string, from: 'due' | 'done' = 'due'): string {
  const words = dueRuleInWords(rule);
  return from === 'done' && words !== 'repeats' ? `${words} after it's done` : words;
}

function dueRuleInWords(rule: string): string {
  const parts = Object.fromEntries(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string]),
  );
  const unit = UNITS[parts.FREQ ?? ''];
  const interval = Number(parts.INTERVAL ?? 1);
  const known = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY']);
  if (!unit || !(interval >= 1) || Object.keys(parts).some((key) => !known.has(key))) {
    return 'repeats';
  }
  const every = interval === 1 ? `every ${unit[0]}` : `every ${interval} ${unit[1]}`;
  const days: string[] = parts.BYDAY ? parts.BYDAY.split(',') : [];
  const nth = /^([+-]?\d)([A-Z]{2})$/.exec(days.length === 1 ? (days[0] ?? '') : '');
  if (nth && parts.FREQ === 'MONTHLY') {
    const [, which, day] = nth;
    const name = DAY_NAMES[day ?? ''];
    const n = Number(which);
    if (!name || !(n === -1 || (n >= 1 && n <= 4))) return 'repeats';
    return `${every} on the ${n === -1 ? 'last' : ordinal(n)} ${name}`;
  }
  if (days.length > 0) {
    if (!days.every((day) => day in DAY_NAMES) || parts.FREQ !== 'WEEKLY') return 'repeats';
    const set = [...days].sort().join(',');
    if (interval === 1 && set === 'FR,MO,TH,TU,WE') return 'every weekday';
    if (interval === 1 && set === 'SA,SU') return 'every weekend';
    return `${every} on ${list(days.map((day) => DAY_NAMES[day] ?? day))}`;
  }
  if (parts.BYMONTHDAY) {
    const day = Number(parts.BYMONTHDAY);
    if (parts.FREQ !== 'MONTHLY' || !Number.isInteger(day)) return 'repeats';
    return `${every} on the ${day === -1 ? 'last day' : ordinal(day)}`;
  }
  return every;
}
