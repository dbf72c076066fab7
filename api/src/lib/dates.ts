// Calendar dates in the user's time zone. "Today", "overdue" and the
// dashboard's days are the user's, not the server's: a task due on the 5th is
// overdue in Tokyo hours before it is in New York.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** `YYYY-MM-DD` of an instant in a time zone (UTC when none or unknown). */
export function localDate(instant: Date, timeZone: string | null | undefined): string {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone || 'UTC').formatToParts(instant);
  } catch {
    parts = formatter('UTC').formatToParts(instant);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The calendar date `days` after (or before, when negative) a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
