import type { IsoDate } from '@stride/shared';

/** Today as `YYYY-MM-DD` in the browser's time zone (the user's calendar, not UTC). */
export function todayIso(now = new Date()): IsoDate {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date in `YYYY-MM-DD` form (no 2027-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
}

const formatter = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** "1 May 2027" in the user's locale; the date is read as a local calendar day. */
export function formatDate(value: IsoDate): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return formatter.format(new Date(year, month - 1, day));
}
