// A task's repeat rule: an RFC 5545 RRULE body ("FREQ=WEEKLY;BYDAY=MO"),
// stored as text. Dates are floating calendar days (no time zone): "every
// month on the 31st" means the 31st wherever the user is.
//
// Read and evaluated here rather than with the rrule library: rrule scans
// period by period until the year 9999 when a rule never fires (a daily rule
// for 30 February blocked the API for 14 s), and its scan cannot be bounded
// from outside. Stride needs a small part of RFC 5545 (the parts its quick
// add, editor and imports write), so this module reads exactly that part,
// refuses the rest, and looks at most LIMITS.repeatHorizonDays ahead: every
// call costs at most that many steps, whatever the rule. The semantics are
// rrule's; rule.test.ts checks them against rrule on random rules.
import { LIMITS } from '../limits';

export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** A weekday (0 = Monday … 6 = Sunday, RFC 5545's order) and, monthly, which of the month (3FR, -1MO). */
export interface RuleDay {
  weekday: number;
  /** 0: every such weekday; 1…5 or -1…-5: that one of the month. */
  nth: number;
}

export interface Rule {
  freq: Frequency;
  interval: number;
  byDay: readonly RuleDay[];
  /** 1…31, or -1…-31 counted from the month's end. */
  byMonthDay: readonly number[];
  /** 1…12. */
  byMonth: readonly number[];
  /** The first day of a week, for WEEKLY with an interval (Monday unless WKST says otherwise). */
  weekStart: number;
}

export type RuleCheck = { ok: true; rule: Rule } | { ok: false; reason: string };

const FREQUENCIES = new Set<string>(['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY']);
const SUB_DAY_FREQUENCIES = new Set<string>(['HOURLY', 'MINUTELY', 'SECONDLY']);
const SUB_DAY_PARTS = new Set<string>(['BYHOUR', 'BYMINUTE', 'BYSECOND']);
const OWN_BOUNDS = new Set<string>(['DTSTART', 'UNTIL', 'COUNT']);
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

const REASONS = {
  length: `A repeat rule has 1 to ${LIMITS.repeatRuleMax} characters.`,
  bounds: 'A repeat rule has no start, end or count of its own.',
  unknown: 'That repeat rule is not one Stride understands.',
  daily: 'A task repeats at most once a day.',
  never: 'That repeat rule never comes round.',
} as const;

class RuleError extends Error {}
const refuse = (reason: string): never => {
  throw new RuleError(reason);
};

/** A whole number written plainly ("12", "-1", "+3") within [min, max]. */
function wholeNumber(text: string, min: number, max: number): number {
  if (text.length === 0 || text.length > 4) refuse(REASONS.unknown);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const isDigit = c >= 48 && c <= 57;
    if (!isDigit && !(i === 0 && (c === 43 || c === 45) && text.length > 1))
      refuse(REASONS.unknown);
  }
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max || value === 0) {
    refuse(REASONS.unknown);
  }
  return value;
}

const listOf = <T>(text: string, read: (item: string) => T): T[] => {
  const items = text.split(',');
  if (items.length > 31) refuse(REASONS.unknown);
  return items.map(read);
};

function weekdayOf(code: string): number {
  const index = WEEKDAYS.indexOf(code as (typeof WEEKDAYS)[number]);
  if (index < 0) refuse(REASONS.unknown);
  return index;
}

function ruleDay(text: string, freq: Frequency): RuleDay {
  const weekday = weekdayOf(text.slice(-2));
  const ordinal = text.slice(0, -2);
  if (ordinal === '') return { weekday, nth: 0 };
  // "The third Friday" is a day of a month; rrule would drop the number on other rules.
  if (freq !== 'MONTHLY') refuse(REASONS.unknown);
  return { weekday, nth: wholeNumber(ordinal, -5, 5) };
}

/** Reads the rule's text; throws RuleError with the reason it is refused. */
function parse(text: string): Rule {
  if (text.length === 0 || text.length > LIMITS.repeatRuleMax) refuse(REASONS.length);
  const body = text.toUpperCase().startsWith('RRULE:') ? text.slice(6) : text;
  if (body.includes('\n') || body.includes('DTSTART')) refuse(REASONS.bounds);
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const equals = part.indexOf('=');
    const key = (equals < 0 ? part : part.slice(0, equals)).toUpperCase();
    if (OWN_BOUNDS.has(key)) refuse(REASONS.bounds);
    if (SUB_DAY_PARTS.has(key)) refuse(REASONS.daily);
    if (equals < 0 || parts.has(key)) refuse(REASONS.unknown);
    parts.set(key, part.slice(equals + 1).toUpperCase());
  }
  const freqText = parts.get('FREQ') ?? '';
  if (SUB_DAY_FREQUENCIES.has(freqText)) refuse(REASONS.daily);
  if (!FREQUENCIES.has(freqText)) refuse(REASONS.unknown);
  const freq = freqText as Frequency;
  for (const key of parts.keys()) {
    if (!['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'WKST'].includes(key)) {
      refuse(REASONS.unknown);
    }
  }
  const read = <T>(key: string, reader: (value: string) => T, fallback: T): T => {
    const value = parts.get(key);
    return value === undefined ? fallback : reader(value);
  };
  return {
    freq,
    interval: read('INTERVAL', (v) => wholeNumber(v, 1, LIMITS.repeatIntervalMax), 1),
    byDay: read('BYDAY', (v) => listOf(v, (day) => ruleDay(day, freq)), []),
    byMonthDay: read('BYMONTHDAY', (v) => listOf(v, (day) => wholeNumber(day, -31, 31)), []),
    byMonth: read('BYMONTH', (v) => listOf(v, (month) => wholeNumber(month, 1, 12)), []),
    weekStart: read('WKST', weekdayOf, 0),
  };
}

// Calendar arithmetic on day numbers (days since 1970-01-01), so a step is a
// few integer operations and no Date is made inside a scan.
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) =>
  Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
/** 0 = Monday: 1970-01-01 was a Thursday. */
const weekdayOfDay = (day: number) => (((day + 3) % 7) + 7) % 7;
const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (year: number, month: number) =>
  month === 2 && isLeap(year) ? 29 : (MONTH_DAYS[month - 1] ?? 31);

interface Civil {
  year: number;
  month: number;
  day: number;
}
const civilOf = (day: number): Civil => {
  const date = new Date(day * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

/** The rule with rrule's defaults filled in from its anchor (its first day, "dtstart"). */
function withDefaults(rule: Rule, anchor: Civil, anchorDay: number): Rule {
  if (rule.byDay.length > 0 || rule.byMonthDay.length > 0) return rule;
  switch (rule.freq) {
    case 'WEEKLY':
      return { ...rule, byDay: [{ weekday: weekdayOfDay(anchorDay), nth: 0 }] };
    case 'MONTHLY':
      return { ...rule, byMonthDay: [anchor.day] };
    case 'YEARLY':
      return {
        ...rule,
        byMonthDay: [anchor.day],
        byMonth: rule.byMonth.length > 0 ? rule.byMonth : [anchor.month],
      };
    default:
      return rule;
  }
}

const positiveMod = (value: number, by: number) => ((value % by) + by) % by;

/**
 * The rule as bit masks, so testing a day costs a few integer operations
 * whatever the lengths of its lists.
 */
interface Masks {
  /** Bit m for each month m; 0 for any month. */
  months: number;
  /** Bit d for the day d, and bit d of `fromEnd` for the day -d; both 0 for any day. */
  days: number;
  fromEnd: number;
  /** Per weekday: bit 0 for any such weekday, bit n for the nth of the month, bit 5 + n for the nth from its end. */
  weekdays: number[];
  anyWeekday: boolean;
}

function masksOf(rule: Rule): Masks {
  const masks: Masks = {
    months: 0,
    days: 0,
    fromEnd: 0,
    weekdays: [0, 0, 0, 0, 0, 0, 0],
    anyWeekday: rule.byDay.length === 0,
  };
  for (const month of rule.byMonth) masks.months |= 1 << month;
  for (const day of rule.byMonthDay) {
    if (day > 0) masks.days |= 1 << day;
    else masks.fromEnd |= 1 << -day;
  }
  for (const { weekday, nth } of rule.byDay) {
    masks.weekdays[weekday] = (masks.weekdays[weekday] ?? 0) | (1 << (nth >= 0 ? nth : 5 - nth));
  }
  return masks;
}

/** Whether a day passes the rule's day-of-month and weekday lists. */
function fits(masks: Masks, date: number, length: number, weekday: number): boolean {
  if (
    (masks.days | masks.fromEnd) !== 0 &&
    (masks.days & (1 << date)) === 0 &&
    (masks.fromEnd & (1 << (length - date + 1))) === 0
  ) {
    return false;
  }
  if (masks.anyWeekday) return true;
  const nth = Math.floor((date - 1) / 7) + 1;
  const nthFromEnd = Math.floor((length - date) / 7) + 1;
  return ((masks.weekdays[weekday] ?? 0) & (1 | (1 << nth) | (1 << (5 + nthFromEnd)))) !== 0;
}

/**
 * The days of a month that pass the lists, as bits (bit d for the day d). A
 * month's shape is its length and the weekday it starts on: 28 shapes in all,
 * so each is worked out once per scan and a month costs one look-up.
 */
function daysOfMonth(
  masks: Masks,
  shapes: Map<number, number>,
  length: number,
  firstWeekday: number,
): number {
  const key = length * 7 + firstWeekday;
  let bits = shapes.get(key);
  if (bits === undefined) {
    bits = 0;
    for (let date = 1; date <= length; date++) {
      if (fits(masks, date, length, (firstWeekday + date - 1) % 7)) bits |= 1 << date;
    }
    shapes.set(key, bits);
  }
  return bits;
}

interface Anchor {
  day: number;
  year: number;
  month: number;
  /** The day number of the first day of the anchor's week (WKST). */
  week: number;
}

/** Whether the day's period (day, week, month or year) is a whole number of intervals from the anchor's. */
function inPhase(
  rule: Rule,
  anchor: Anchor,
  day: number,
  year: number,
  month: number,
  weekday: number,
): boolean {
  switch (rule.freq) {
    case 'DAILY':
      return (day - anchor.day) % rule.interval === 0;
    case 'WEEKLY': {
      const week = day - positiveMod(weekday - rule.weekStart, 7);
      return ((week - anchor.week) / 7) % rule.interval === 0;
    }
    case 'MONTHLY':
      return (year * 12 + month - (anchor.year * 12 + anchor.month)) % rule.interval === 0;
    case 'YEARLY':
      return (year - anchor.year) % rule.interval === 0;
  }
}

/**
 * Every day in [from, to] that the rule falls on, its intervals counted from
 * `anchor` (all YYYY-MM-DD), at most `max` of them. It walks the range a
 * month at a time and visits only the days that pass the rule's lists, so a
 * rule that never fires costs one step per month.
 */
function scan(
  rule: Rule,
  anchorIso: string,
  fromIso: string,
  toIso: string,
  max: number,
): string[] {
  const anchorDay = dayNumber(anchorIso);
  const civil = civilOf(anchorDay);
  const anchor: Anchor = {
    day: anchorDay,
    year: civil.year,
    month: civil.month,
    week: anchorDay - positiveMod(weekdayOfDay(anchorDay) - rule.weekStart, 7),
  };
  const masks = masksOf(withDefaults(rule, civil, anchorDay));
  const shapes = new Map<number, number>();
  const found: string[] = [];
  const last = dayNumber(toIso);
  // Nothing before the anchor, as with rrule's dtstart.
  const first = Math.max(dayNumber(fromIso), anchorDay);
  let { year, month, day: date } = civilOf(first);
  let monthStart = first - (date - 1);
  while (monthStart <= last && found.length < max) {
    const length = daysIn(year, month);
    if (masks.months === 0 || (masks.months & (1 << month)) !== 0) {
      const firstWeekday = weekdayOfDay(monthStart);
      // Lowest bit first: the days come in order.
      for (
        let bits = daysOfMonth(masks, shapes, length, firstWeekday);
        bits !== 0;
        bits &= bits - 1
      ) {
        date = 31 - Math.clz32(bits & -bits);
        const day = monthStart + date - 1;
        if (day > last || found.length >= max) break;
        const weekday = (firstWeekday + date - 1) % 7;
        if (day >= first && inPhase(rule, anchor, day, year, month, weekday))
          found.push(isoOf(day));
      }
    }
    monthStart += length;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year += 1;
  }
  return found;
}

/** The rule, or null for text `checkRule` refuses for what it says (how far it reaches is the caller's). */
function readRule(text: string): Rule | null {
  try {
    return parse(text);
  } catch (error) {
    if (error instanceof RuleError) return null;
    throw error;
  }
}

/** The rule's first day from `from`, within LIMITS.repeatHorizonDays of `anchor` (where it is counted from). */
const firstFrom = (rule: Rule, anchor: string, from: string): string | null =>
  scan(rule, anchor, from, isoOf(dayNumber(anchor) + LIMITS.repeatHorizonDays), 1)[0] ?? null;

/**
 * Reads and bounds a rule: at most one occurrence a day (daily or coarser,
 * no hours or minutes), no start, end date or count of its own (the task's
 * due date anchors it; stopping is a separate action), only the parts Stride
 * writes, and a day within LIMITS.repeatHorizonDays of a start in 2000 (so
 * "30 February" is refused).
 */
export function checkRule(text: string): RuleCheck {
  try {
    const rule = parse(text);
    if (firstFrom(rule, '2000-01-01', '2000-01-01') === null) refuse(REASONS.never);
    return { ok: true, rule };
  } catch (error) {
    if (error instanceof RuleError) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * The first day on or after `from` (YYYY-MM-DD, or strictly after it) that
 * the rule falls on, its intervals counted from `from`; null for a rule
 * `checkRule` refuses, or one with no day within LIMITS.repeatHorizonDays
 * of `from` (strictly after it or not: the same last day).
 */
export function nextOccurrence(text: string, from: string, inclusive = true): string | null {
  const rule = readRule(text);
  if (!rule) return null;
  return firstFrom(rule, from, inclusive ? from : isoOf(dayNumber(from) + 1));
}

/**
 * The days in [from, to] that a task due on `due` falls on again, each
 * counted from the one before as completing it would (the same as counting
 * every interval from `due`), at most `max`. One step per day of the range,
 * however long ago `due` was.
 */
export function occurrencesBetween(
  text: string,
  due: string,
  from: string,
  to: string,
  max: number,
): string[] {
  const rule = readRule(text);
  if (!rule) return [];
  const after = isoOf(dayNumber(due) + 1);
  return scan(rule, due, after > from ? after : from, to, max);
}
