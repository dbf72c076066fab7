// Calendar days as `YYYY-MM-DD`: what "today" is on a user's wall clock, and
// days before and after one. A calendar day has no time zone of its own, so
// the arithmetic runs in UTC, where every day is 24 hours long.
import { isoDate, wallClockAt } from './quick-add/wall-clock';

/** Today on the wall clock of `timeZone` (the runtime's own when unknown or absent). */
export function todayIn(timeZone?: string | null, now = new Date()): string {
  return isoDate(wallClockAt(now, timeZone));
}

/** The calendar day `days` after (or before, when negative) a `YYYY-MM-DD` day. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
