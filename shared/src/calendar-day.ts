// Calendar days as `YYYY-MM-DD`: what "today" is on a user's wall clock, and
// days before and after one. A calendar day has no time zone of its own, so
// the arithmetic runs in UTC, where every day is 24 hours long.
import { instantOf, isoDate, wallClockAt } from './quick-add/wall-clock';

/** Today on the wall clock of `timeZone` (the runtime's own when unknown or absent). */
export function todayIn(timeZone?: string | null, now = new Date()): string {
  return isoDate(wallClockAt(now, timeZone));
}

/** The calendar day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The instant a wall clock in `timeZone` shows `date` (`YYYY-MM-DD`) at
 * `time` (`HH:MM`): a reminder "30 minutes before" a task due at 09:00 in
 * Kolkata (wall-clock.ts instantOf says how clock changes land).
 */
export function instantAt(date: string, time: string, timeZone?: string | null): Date {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return instantOf({ year, month, day, hour, minute }, timeZone);
}

/**
 * A `YYYY-MM-DD` day as a local Date at midnight: `new Date('2025-11-18')`
 * would be UTC midnight, the day before west of Greenwich.
 */
export function localDate(day: string): Date {
  const [year = 1970, month = 1, day_ = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, day_);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in `YYYY-MM-DD` form (no 2027-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = CALENDAR_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

// Days are written two ways, both in the reader's locale through Intl (the
// browser's language; `locale` is for tests): a day ("Thu 26 Nov", or
// "Thu, Nov 26" in American English) wherever one day is named, and the
// compact form ("26 Nov") only where space is short (a chart's range). Either
// adds the year when the day is not in the current one.
type DayStyle = 'day' | 'compact';
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(style: DayStyle, withYear: boolean, locale?: string) {
  const key = `${locale ?? ''}|${style}|${withYear}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      weekday: style === 'day' ? 'short' : undefined,
      day: 'numeric',
      month: 'short',
      year: withYear ? 'numeric' : undefined,
      timeZone: 'UTC',
    });
    formats.set(key, format);
  }
  return format;
}

interface DayLabelOptions {
  /** Today, `YYYY-MM-DD`: decides whether the year is written. */
  today?: string;
  locale?: string;
}

function label(style: DayStyle, day: string, { today = todayIn(), locale }: DayLabelOptions) {
  const withYear = day.slice(0, 4) !== today.slice(0, 4);
  // A calendar day has no zone: read and written in UTC, nothing moves it.
  return formatFor(style, withYear, locale).format(new Date(`${day}T00:00:00Z`));
}

/** "Thu 26 Nov" ("Thu 26 Nov 2027" in another year): a day, wherever one is named. */
export const dayLabel = (day: string, options: DayLabelOptions = {}) => label('day', day, options);

/** "26 Nov": the compact form, where space is short. */
export const compactDayLabel = (day: string, options: DayLabelOptions = {}) =>
  label('compact', day, options);
