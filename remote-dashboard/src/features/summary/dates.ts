/**
 * Calendar dates from the API (`YYYY-MM-DD`, already in the user's time
 * zone) read as local dates: `new Date('2025-11-18')` would be UTC midnight
 * and show the day before west of Greenwich.
 */
export function parseIsoDate(iso: string): Date {
  const [year = 1970, month = 1, day = 1] = iso.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/** "Tue, Nov 18": for the chart's table and goal target dates. */
export function longDate(iso: string, locale?: string): string {
  return parseIsoDate(iso).toLocaleDateString(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });
}

/** "18": the day of the month under a chart bar. */
export function dayOfMonth(iso: string): string {
  return String(parseIsoDate(iso).getDate());
}

/** "Nov 18": the range shown with the chart. */
export function shortDate(iso: string, locale?: string): string {
  return parseIsoDate(iso).toLocaleDateString(locale, { month: 'short', day: 'numeric' });
}
