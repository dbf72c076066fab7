// Calendar dates in the user's time zone. "Today", "overdue" and the
// dashboard's days are the user's, not the server's: a task due on the 5th is
// overdue in Tokyo hours before it is in New York.
//
// Formatters are cached by canonical zone name only, so the cache holds at
// most one per IANA zone (~600) whatever spellings arrive; a variant costs a
// formatter's construction, never an entry.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const canonical = format.resolvedOptions().timeZone;
  const kept = formatters.get(canonical);
  if (kept) return kept;
  formatters.set(canonical, format);
  return format;
}

/** How many formatters are cached (for the bound's test). */
export function cachedFormatterCount(): number {
  return formatters.size;
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

export { addDays } from '@stride/shared/calendar-day';
