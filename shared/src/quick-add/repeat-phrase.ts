// "every monday", "every weekday", "every 2 weeks", "every month on the
// 1st", "every year", "daily" … → an RRULE body; "every! 3 days" the same
// rule, counted from the day the task is done. Only phrases that start
// with "every" (or one of the -ly words) are read, so an ordinary sentence
// never repeats by accident.

export interface RepeatPhrase {
  start: number;
  end: number;
  /** RRULE body, e.g. `FREQ=WEEKLY;BYDAY=MO`. */
  rule: string;
  /** "every! 3 days", as Todoist writes it: the next day counts from the day it is done. */
  fromDone: boolean;
}

const WEEKDAYS: Record<string, string> = {
  mon: 'MO',
  tue: 'TU',
  wed: 'WE',
  thu: 'TH',
  fri: 'FR',
  sat: 'SA',
  sun: 'SU',
};
// Each weekday's spellings as one tree of nested endings: "thursday" can be
// read only one way, and the checker (api/test/regex-safety.test.ts) proves
// it quickly. (A stem plus independent optional endings read "thursday" as
// thu+rsday or thurs+day, and a list of them backtracked exponentially: 3.4 s
// for one line.)
const WEEKDAY =
  '(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)';
const UNIT = '(day|week|month|year)s?';
const ORDINAL = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;

const dayCode = (word: string) => WEEKDAYS[word.slice(0, 3).toLowerCase()] ?? '';
const FREQ: Record<string, string> = {
  day: 'DAILY',
  week: 'WEEKLY',
  month: 'MONTHLY',
  year: 'YEARLY',
};

interface Form {
  pattern: RegExp;
  rule: (match: RegExpExecArray) => string | null;
}

/** "every …", or "every! …" (counted from the day it is done). */
const every = (body: string) => new RegExp(String.raw`\bevery!?\s+${body}\b`, 'i');

/** "3rd", "third", "last" before a weekday: which of the month's Fridays. */
const NTH: Record<string, string> = {
  '1st': '1',
  first: '1',
  '2nd': '2',
  second: '2',
  '3rd': '3',
  third: '3',
  '4th': '4',
  fourth: '4',
  last: '-1',
};
const NTH_WORD = `(${Object.keys(NTH).join('|')})`;

/** Longest forms first: "every month on the 1st" before "every month". */
const FORMS: Form[] = [
  {
    // "every 3rd friday", "every last monday of the month": a weekday of each month.
    pattern: every(
      String.raw`(?:month\s+on\s+the\s+)?${NTH_WORD}\s+(${WEEKDAY})(?:\s+of\s+(?:the|each|every)\s+month)?`,
    ),
    rule: (m) => `FREQ=MONTHLY;BYDAY=${NTH[(m[1] ?? '').toLowerCase()]}${dayCode(m[2] ?? '')}`,
  },
  {
    pattern: every(String.raw`month\s+on\s+the\s+(?:${ORDINAL}|(last)\s+day)`),
    rule: (m) => monthDay(m[1], m[2]),
  },
  {
    pattern: every(String.raw`${ORDINAL}(?:\s+of\s+the\s+month)?`),
    rule: (m) => (m[0].match(/st|nd|rd|th|month/i) ? monthDay(m[1], undefined) : null),
  },
  { pattern: every('weekday'), rule: () => 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR' },
  { pattern: every('weekend'), rule: () => 'FREQ=WEEKLY;BYDAY=SA,SU' },
  {
    pattern: every(String.raw`(${WEEKDAY}(?:\s*(?:,|and|&)\s*${WEEKDAY})*)`),
    rule: (m) => {
      const days = (m[1] ?? '').split(/,|&|and/i).map((day) => dayCode(day.trim()));
      return `FREQ=WEEKLY;BYDAY=${[...new Set(days)].join(',')}`;
    },
  },
  {
    pattern: every(String.raw`(other|\d{1,3})\s+${UNIT}`),
    rule: (m) => {
      const interval = m[1]?.toLowerCase() === 'other' ? 2 : Number(m[1]);
      const freq = FREQ[(m[2] ?? '').toLowerCase()];
      if (!freq || interval < 1) return null;
      return interval === 1 ? `FREQ=${freq}` : `FREQ=${freq};INTERVAL=${interval}`;
    },
  },
  { pattern: every(UNIT), rule: (m) => `FREQ=${FREQ[(m[1] ?? '').toLowerCase()]}` },
  { pattern: /\bdaily\b/i, rule: () => 'FREQ=DAILY' },
  { pattern: /\bweekly\b/i, rule: () => 'FREQ=WEEKLY' },
  { pattern: /\bmonthly\b/i, rule: () => 'FREQ=MONTHLY' },
  { pattern: /\b(?:yearly|annually)\b/i, rule: () => 'FREQ=YEARLY' },
];

/** Every pattern above, for the test that proves each runs in linear time (regex-safety.test.ts). */
export const REPEAT_PATTERNS: readonly RegExp[] = FORMS.map((form) => form.pattern);

function monthDay(ordinal: string | undefined, last: string | undefined): string | null {
  if (last) return 'FREQ=MONTHLY;BYMONTHDAY=-1';
  const day = Number(ordinal);
  return day >= 1 && day <= 31 ? `FREQ=MONTHLY;BYMONTHDAY=${day}` : null;
}

/** The first repeat phrase in `text` not inside a literal span, if any. */
export function findRepeatPhrase(
  text: string,
  isLiteral: (start: number, end: number) => boolean,
): RepeatPhrase | null {
  for (const form of FORMS) {
    const pattern = new RegExp(form.pattern.source, 'gi');
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      const rule = form.rule(match);
      const fromDone = /^every!/i.test(match[0]);
      if (rule && !isLiteral(start, end)) return { start, end, rule, fromDone };
    }
  }
  return null;
}
