// "remind me 8am", "remind at 18:30 tomorrow", "remind 30m before",
// "remind me at due time" → a reminder of the task. Only a phrase that starts
// with "remind" (or "remind me") and goes on to a time or an amount before is
// read, so "reminder" or "remind John to call" stay words.
import { addDays, instantAt } from '../calendar-day';
import { LIMITS } from '../limits';
import type { TaskReminder } from '../reminders';
import { isoDate, isoTime, type WallClock } from './wall-clock';

/** What a phrase asks for, before the line's due date is known. */
export type WantedReminder =
  | { before_minutes: number }
  /** A wall-clock time, `HH:MM`, on a day typed in the phrase or else found from the line. */
  | { time: string; day: 'today' | 'tomorrow' | null };

export interface ReminderPhrase {
  start: number;
  end: number;
  /** Null when it is read but not allowed (more than a week before): it stays words. */
  wanted: WantedReminder | null;
}

// Each pattern is one path through the text (units as trees of nested
// endings, as repeat-phrase.ts spells weekdays), so the checker in
// api/test/regex-safety.test.ts proves it linear. Sticky: each is tried
// where "remind" ends, never scanned along the line.
const REMIND = /\bremind(?:\s+me)?\s+/giu;
/** "30m", "2 hours", "1 day", "1 wk" before. */
const BEFORE =
  /(\d{1,5})\s?(m(?:in(?:ute)?s?)?|h(?:(?:ou)?rs?)?|d(?:ays?)?|w(?:(?:ee)?ks?)?)\s+before(?![\p{L}\p{N}_])/iuy;
/** At the due time itself. */
const ON_TIME = /(?:at\s+(?:the\s+)?due\s+time|on\s+time)(?![\p{L}\p{N}_])/iuy;
/** "8am", "at 8:30", "18:00 tomorrow", "tomorrow at noon". */
const AT =
  /(?:(today|tomorrow)\s+)?(?:at\s+)?(?:(\d{1,2})(?::([0-5]\d))?(?:\s?([ap])(?:m|\.m\.))?|(noon|midnight))(?:\s+(today|tomorrow))?(?![\p{L}\p{N}_])/iuy;

const UNIT_MINUTES: Record<string, number> = { m: 1, h: 60, d: 1440, w: 10_080 };

/** Every reminder phrase of `text`, in order, none overlapping. */
export function findReminderPhrases(text: string): ReminderPhrase[] {
  const phrases: ReminderPhrase[] = [];
  for (const lead of text.matchAll(REMIND)) {
    const from = lead.index + lead[0].length;
    if ((phrases.at(-1)?.end ?? 0) > lead.index) continue;
    const read = readAfter(text, from);
    if (read) phrases.push({ start: lead.index, ...read });
  }
  return phrases;
}

function readAfter(text: string, from: number): Omit<ReminderPhrase, 'start'> | null {
  BEFORE.lastIndex = from;
  const before = BEFORE.exec(text);
  if (before) {
    const unit = UNIT_MINUTES[(before[2] ?? '').charAt(0).toLowerCase()] ?? 0;
    const minutes = Number(before[1]) * unit;
    const allowed = minutes <= LIMITS.reminderBeforeMaxMinutes;
    return { end: BEFORE.lastIndex, wanted: allowed ? { before_minutes: minutes } : null };
  }
  ON_TIME.lastIndex = from;
  if (ON_TIME.exec(text)) return { end: ON_TIME.lastIndex, wanted: { before_minutes: 0 } };
  AT.lastIndex = from;
  const at = AT.exec(text);
  const time = at && timeOf(at[2], at[3], at[4], at[5]);
  // A day typed on both sides ("today 8am tomorrow") is no one reading.
  if (!at || !time || (at[1] && at[6])) return null;
  const day = (at[1] ?? at[6] ?? '').toLowerCase();
  return {
    end: AT.lastIndex,
    wanted: { time, day: day === 'today' || day === 'tomorrow' ? day : null },
  };
}

/** `HH:MM`, or null for what is not clearly a time (a bare "8", "13pm", "25:00"). */
function timeOf(
  hourText: string | undefined,
  minuteText: string | undefined,
  meridiem: string | undefined,
  word: string | undefined,
): string | null {
  if (word) return word.toLowerCase() === 'noon' ? '12:00' : '00:00';
  const hour = Number(hourText);
  const minute = Number(minuteText ?? 0);
  if (!meridiem) return minuteText && hour <= 23 ? isoTime({ hour, minute }) : null;
  if (hour < 1 || hour > 12) return null;
  const pm = meridiem.toLowerCase() === 'p';
  return isoTime({ hour: (hour % 12) + (pm ? 12 : 0), minute });
}

/** A phrase's identity before it is placed in time: "8am" twice is one reminder. */
export const wantedKey = (wanted: WantedReminder) =>
  'before_minutes' in wanted ? `before:${wanted.before_minutes}` : `${wanted.day}@${wanted.time}`;

/**
 * The reminder a phrase asks for. A time falls on the day the phrase names,
 * else on the task's due date, else at its next coming on the user's clock
 * (today if still ahead, else tomorrow), in the user's zone.
 */
export function placeReminder(
  wanted: WantedReminder,
  dueDate: string | null,
  now: WallClock,
  timeZone: string | null | undefined,
): TaskReminder {
  if ('before_minutes' in wanted) return { before_minutes: wanted.before_minutes };
  const today = isoDate(now);
  let day = dueDate ?? (wanted.time > isoTime(now) ? today : addDays(today, 1));
  if (wanted.day) day = wanted.day === 'today' ? today : addDays(today, 1);
  return { at: instantAt(day, wanted.time, timeZone).toISOString() };
}
