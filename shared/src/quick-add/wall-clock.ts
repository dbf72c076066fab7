/** A date and time as a clock on the wall shows it in one time zone: no instant, no offset. */
export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// One formatter per zone: making one costs far more than using it, and a
// list of tasks reads the clock once per row (on a phone's CPU the Tasks
// page spent 80 ms making them). Zones are few; the cap bounds odd input.
const formats = new Map<string, Intl.DateTimeFormat | null>();
const MAX_FORMATS = 32;

function formatIn(timeZone: string): Intl.DateTimeFormat | null {
  let format = formats.get(timeZone);
  if (format !== undefined) return format;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timeZone || undefined,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  } catch {
    format = null;
  }
  if (formats.size >= MAX_FORMATS) formats.clear();
  formats.set(timeZone, format);
  return format;
}

/**
 * The wall clock at `now` in `timeZone` (IANA name). An unknown zone falls
 * back to the runtime's own, so a bad profile value never breaks quick add.
 */
export function wallClockAt(now: Date, timeZone?: string | null): WallClock {
  const format = formatIn(timeZone ?? '');
  if (!format) {
    return timeZone
      ? wallClockAt(now)
      : {
          year: now.getFullYear(),
          month: now.getMonth() + 1,
          day: now.getDate(),
          hour: now.getHours(),
          minute: now.getMinutes(),
        };
  }
  const parts = Object.fromEntries(
    format.formatToParts(now).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD`. */
export const isoDate = ({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>) =>
  `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** `HH:MM`, 24-hour. */
export const isoTime = ({ hour, minute }: Pick<WallClock, 'hour' | 'minute'>) =>
  `${pad(hour)}:${pad(minute)}`;

/**
 * The instant a wall clock in `timeZone` shows (the inverse of wallClockAt):
 * the clock read as UTC, less the zone's offset then. The offset is taken
 * twice, so a time near a change to or from daylight saving time lands on
 * the offset in force at it; a time the change skips (02:30 as clocks go
 * forward) comes out an hour on, as the clock on the wall would read it.
 */
export function instantOf(clock: WallClock, timeZone?: string | null): Date {
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
  const offsetAt = (time: number) => {
    const seen = wallClockAt(new Date(time), timeZone);
    return Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute) - time;
  };
  const first = asUtc - offsetAt(asUtc);
  return new Date(asUtc - offsetAt(first));
}
