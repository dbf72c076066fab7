// Quick add reads a line as a person types it: "Pay rent tomorrow 9am p1
// #Home" is the task "Pay rent", due tomorrow at 09:00 in the user's time
// zone, high priority, in the goal "Home". What it recognises comes back as
// tokens (for highlighting); a token's text listed in `literal` stays part of
// the title. Dates come from chrono-node, read cautiously: an ordinary title
// ("Read 1984", "Watch Friday Night Lights", "Catch up with March") keeps its
// words.
import { casual, type ParsedResult, type Parser } from 'chrono-node/en';
import type { TaskPriority } from '../contract';
import { LABEL_WORD, labelKey } from '../labels';
import { LIMITS } from '../limits';
import { nextOccurrence } from '../recurrence';
import { reminderKey, type TaskReminder } from '../reminders';
import { normaliseName } from './goal-tag';
import {
  plainLine,
  type QuickAdd,
  type QuickAddGoal,
  type QuickAddOptions,
  type QuickAddToken,
  type QuickAddTokenKind,
} from './quick-add-types';
import {
  findReminderPhrases,
  placeReminder,
  type WantedReminder,
  wantedKey,
} from './reminder-phrase';
import { findRepeatPhrase } from './repeat-phrase';
import { isoDate, isoTime, wallClockAt } from './wall-clock';

const PRIORITIES: Record<string, TaskPriority> = { '1': 'high', '2': 'medium', '3': 'low' };
const PRIORITY_TOKEN = /(?<=^|\s)[pP]([1-3])(?=$|\s)/g;
/** A `#` that starts a word: a goal's name follows, one word or several. */
const GOAL_MARK = /(?<=^|\s)#(?=[\p{L}\p{N}_-])/gu;
/** The next word of a goal's name: what a tag may run on to ("#Run a half marathon"). */
const NAME_WORD = /(\s*)([\p{L}\p{N}_-]+)/uy;
/** No goal name is matched past this many words. */
const GOAL_WORDS_MAX = 12;
/** A time the user clearly typed: 9am, 9:30, noon, midnight, in 2 hours. */
const EXPLICIT_TIME =
  /\d\s*(?:a\.?m\.?|p\.?m\.?)(?![a-z])|\d:\d{2}|\bnoon\b|\bmidnight\b|\bin\s+\d+\s+(?:hours?|hrs?|minutes?|mins?)\b/i;
/** A number alone ("at 7", "11") is too often a quantity to be a time. */
const BARE_NUMBER = /^(?:at\s+)?\d{1,2}$/i;
const LEADING_NUMBER = /^\d{1,2}\s+/;
const PREPOSITION_BEFORE = /\b(?:on|by|due|at|for)\s+$/i;

/** What may follow "on the 3rd" for it to be a date: the end, punctuation or another (blanked) token. */
const AFTER_DAY_OF_MONTH = /^(?:$|[,.;!?|]|[pP][1-3]\b|#|at\b|by\b|every\b|\d)/i;

/**
 * "on the 3rd": the next 3rd of a month from the reference day, this month's
 * if it has not passed (and the next month long enough for "the 31st"). Only
 * after on/by/due and before nothing but tokens: "the 3rd floor" is a place.
 */
const dayOfMonth: Parser = {
  pattern: () => /\b(?:on|by|due)\s+the\s+([1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)\b/i,
  extract: (context, match) => {
    const after = context.text.slice((match.index ?? 0) + match[0].length).trimStart();
    if (!AFTER_DAY_OF_MONTH.test(after)) return null;
    const day = Number(match[1]);
    const today = context.reference.instant;
    for (let ahead = 0; ahead < 12; ahead++) {
      const month = new Date(today.getFullYear(), today.getMonth() + ahead, 1);
      const length = new Date(month.getFullYear(), month.getMonth() + 1, 0).getDate();
      if (day > length || (ahead === 0 && day < today.getDate())) continue;
      return { year: month.getFullYear(), month: month.getMonth() + 1, day };
    }
    return null;
  },
};

/** chrono's casual English, and the day-of-month phrase it lacks. */
const chrono = casual.clone();
chrono.parsers.push(dayOfMonth);

interface Span {
  start: number;
  end: number;
}
const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

export function parseQuickAdd(text: string, options: QuickAddOptions = {}): QuickAdd {
  const line = readLine(text, options);
  // Nothing left for a title: the whole line is the title, as typed.
  return line.title ? line : plainLine(text.trim());
}

/** Every token of the line, and what is left of it as the title (possibly nothing). */
function readLine(text: string, options: QuickAddOptions): QuickAdd {
  const literal = literalSpans(text, options.literal ?? []);
  const tokens: QuickAddToken[] = [];
  const free = (span: Span) =>
    !literal.some((kept) => overlaps(kept, span)) && !tokens.some((t) => overlaps(t, span));
  const claim = (kind: QuickAddTokenKind, start: number, end: number) => {
    const token = { kind, start, end, text: text.slice(start, end) };
    tokens.push(token);
    return token;
  };

  let priority: TaskPriority | null = null;
  for (const match of text.matchAll(PRIORITY_TOKEN)) {
    const span = { start: match.index, end: match.index + match[0].length };
    if (!free(span)) continue;
    priority = PRIORITIES[match[1] ?? ''] ?? null;
    claim('priority', span.start, span.end);
    break;
  }

  let goalId: string | null = null;
  for (const match of text.matchAll(GOAL_MARK)) {
    const tag = findGoal(text, match.index, options.goals ?? []);
    if (!tag || !free(tag)) continue;
    goalId = tag.goal.id;
    claim('goal', tag.start, tag.end);
    break;
  }

  // `@errand @Errand` is one label; past a task's most, the words stay in the title.
  const labels = new Map<string, string>();
  for (const match of text.matchAll(LABEL_WORD)) {
    const name = match[1] ?? '';
    const span = { start: match.index, end: match.index + match[0].length };
    if (!free(span) || name.length > LIMITS.labelNameMax) continue;
    if (!labels.has(labelKey(name)) && labels.size >= LIMITS.labelsPerTask) continue;
    labels.set(labelKey(name), labels.get(labelKey(name)) ?? name);
    claim('label', span.start, span.end);
  }

  // Like labels: one reminder per meaning, and past a task's most the words
  // stay in the title. Those words are still not read as a due date ("8am").
  const wanted = new Map<string, WantedReminder>();
  const unread: Span[] = [];
  for (const phrase of findReminderPhrases(text)) {
    if (!free(phrase)) continue;
    const key = phrase.wanted && wantedKey(phrase.wanted);
    if (!phrase.wanted || !key || (!wanted.has(key) && wanted.size >= LIMITS.remindersPerTask)) {
      unread.push(phrase);
      continue;
    }
    if (!wanted.has(key)) wanted.set(key, phrase.wanted);
    claim('reminder', phrase.start, phrase.end);
  }

  const repeat = findRepeatPhrase(text, (start, end) => !free({ start, end }));
  if (repeat) claim('repeat', repeat.start, repeat.end);

  const now = wallClockAt(options.now ?? new Date(), options.timeZone);
  const today = isoDate(now);
  const date = findDate(text, [...tokens, ...unread], now, free);
  if (date) claim('date', date.start, date.end);

  const title = titleWithout(text, tokens);
  const dueDate =
    repeat && !date?.dayTyped ? firstRepeat(repeat.rule, today, date) : (date?.day ?? null);
  // Placed in time, two spellings of one instant ("8am", "8am tomorrow" on a task due tomorrow) are one.
  const reminders = new Map<string, TaskReminder>();
  for (const one of wanted.values()) {
    const reminder = placeReminder(one, dueDate, now, options.timeZone);
    if (!reminders.has(reminderKey(reminder))) reminders.set(reminderKey(reminder), reminder);
  }
  return {
    title,
    due_date: dueDate,
    due_time: date?.time ?? null,
    priority,
    goal_id: goalId,
    labels: [...labels.values()],
    reminders: [...reminders.values()],
    repeat: repeat?.rule ?? null,
    repeat_from: repeat?.fromDone ? 'done' : 'due',
    tokens: tokens.sort((a, b) => a.start - b.start),
  };
}

export type DueText = Pick<QuickAdd, 'due_date' | 'due_time' | 'repeat' | 'repeat_from'>;

/**
 * A due date written on its own, as another app exports it ("Oct 5 2026",
 * "2026-10-06 15:30", "every monday at 9am"): read by the same rules as quick
 * add, or null when any of it is not a date, a time or a repeat.
 */
export function readDueText(text: string, options: QuickAddOptions = {}): DueText | null {
  const instant = readInstant(text.trim(), options.timeZone);
  if (instant !== undefined) return instant;
  const parsed = readLine(text, { ...options, goals: [], literal: [] });
  const onlyDate = parsed.tokens.every((token) => token.kind === 'date' || token.kind === 'repeat');
  if (parsed.title || !onlyDate || !parsed.due_date) return null;
  return {
    due_date: parsed.due_date,
    due_time: parsed.due_time,
    repeat: parsed.repeat,
    repeat_from: parsed.repeat_from,
  };
}

/** `2026-08-13T18:30:00-05:00`, `…Z`: a moment, not a wall clock (anchored and bounded, so linear). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * An ISO date-time with an offset names a moment: its day and time are the
 * ones the user's wall clock shows then (18:30 UTC is 20:30 in Berlin in
 * summer). Undefined when `text` is not one; null when it is one that does
 * not exist (a 25th hour, a 13th month).
 */
function readInstant(
  text: string,
  timeZone: string | null | undefined,
): DueText | null | undefined {
  if (!INSTANT.test(text)) return undefined;
  // Date reads `+05:30`, not `+0530`.
  const at = new Date(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(at.getTime())) return null;
  const clock = wallClockAt(at, timeZone);
  return { due_date: isoDate(clock), due_time: isoTime(clock), repeat: null, repeat_from: 'due' };
}

/**
 * A repeating task with no day typed starts on the rule's first day from
 * today, or from tomorrow when the typed time has already passed today
 * ("every weekday 9:30am", typed at 10:00).
 */
function firstRepeat(rule: string, today: string, typedTime: FoundDate | null): string | null {
  const passed = typedTime !== null && typedTime.day !== today;
  return nextOccurrence(rule, today, !passed);
}

/** Where the kept texts occur: nothing inside them is read as a token. */
function literalSpans(text: string, kept: readonly string[]): Span[] {
  const spans: Span[] = [];
  for (const words of kept) {
    if (!words) continue;
    for (let at = text.indexOf(words); at >= 0; at = text.indexOf(words, at + 1)) {
      spans.push({ start: at, end: at + words.length });
    }
  }
  return spans;
}

/** The words after the `#` at `mark`, each with where it ends. */
function wordsAfter(text: string, mark: number): { name: string; end: number }[] {
  const words: { name: string; end: number }[] = [];
  NAME_WORD.lastIndex = mark + 1;
  for (let match = NAME_WORD.exec(text); match && words.length < GOAL_WORDS_MAX; ) {
    // Words of one name are separated by spaces on one line, not by a new line.
    if (words.length > 0 && (match[1] === '' || match[1]?.includes('\n'))) break;
    words.push({ name: text.slice(mark + 1, NAME_WORD.lastIndex), end: NAME_WORD.lastIndex });
    match = NAME_WORD.exec(text);
  }
  return words;
}

/**
 * The goal a `#` names: the longest run of the words after it that is a
 * goal's title (ignoring case, spaces and punctuation), so "#Run a half
 * marathon" is that goal even beside one called "Run"; else the one goal
 * whose title the first word begins.
 */
function findGoal(
  text: string,
  mark: number,
  goals: readonly QuickAddGoal[],
): (Span & { goal: QuickAddGoal }) | undefined {
  const words = wordsAfter(text, mark);
  const byTitle = new Map(goals.map((goal) => [normaliseName(goal.title), goal]));
  for (let count = words.length; count > 0; count--) {
    const word = words[count - 1];
    const goal = word && byTitle.get(normaliseName(word.name));
    if (word && goal) return { goal, start: mark, end: word.end };
  }
  const first = words[0];
  const wanted = first ? normaliseName(first.name) : '';
  if (!first || !wanted) return undefined;
  const prefixed = goals.filter((goal) => normaliseName(goal.title).startsWith(wanted));
  const only = prefixed.length === 1 ? prefixed[0] : undefined;
  return only && { goal: only, start: mark, end: first.end };
}

interface FoundDate extends Span {
  day: string;
  time: string | null;
  /** A day was typed ("friday", "dec 3"), not only a time ("9:30am"). */
  dayTyped: boolean;
}

/**
 * The text with a span covered (same length, so offsets hold). A space, then
 * bars: chrono reads a month name followed by spaces alone as that month
 * ("3 dec" + blanks became 1 December), and a bar is not part of any date.
 */
const blank = (text: string, span: Span) =>
  `${text.slice(0, span.start)} ${'|'.repeat(Math.max(0, span.end - span.start - 1))}${text.slice(span.end)}`;

function findDate(
  text: string,
  claimed: readonly Span[],
  now: ReturnType<typeof wallClockAt>,
  free: (span: Span) => boolean,
): FoundDate | null {
  // The zone is already applied: chrono reads against the user's wall clock.
  const reference = new Date(now.year, now.month - 1, now.day, now.hour, now.minute);
  // Other tokens are blanked out (same length, so offsets hold): "every
  // weekday 9:30am" leaves "9:30am" to read.
  let searched = claimed.reduce(blank, text);
  // A rejected match is blanked out (same length, so offsets hold) and the search goes on.
  for (let attempt = 0; attempt < 6; attempt++) {
    const results = chrono.parse(searched, reference, { forwardDate: true });
    // A literal token includes its preposition ("by friday"), so judge the whole span.
    const result = results.find((candidate) => free(toFound(text, candidate)));
    if (!result) return null;
    const verdict = judge(text, result);
    if (verdict === 'accept') return toFound(text, result);
    const cut =
      verdict === 'drop-leading-number' ? leadingNumberLength(result.text) : result.text.length;
    searched = blank(searched, { start: result.index, end: result.index + cut });
  }
  return null;
}

const leadingNumberLength = (text: string) => LEADING_NUMBER.exec(text)?.[0].length ?? text.length;

function judge(text: string, result: ParsedResult): 'accept' | 'reject' | 'drop-leading-number' {
  const matched = result.text;
  if (BARE_NUMBER.test(matched.trim())) return 'reject';
  const explicitTime = EXPLICIT_TIME.test(matched);
  const { start } = result;
  // "11 on sat": the number is a chapter, a count, a room; "sat" is the date.
  // In "3 dec" it is the day itself.
  const numberIsDay = start.isCertain('day') && Number.parseInt(matched, 10) === start.get('day');
  if (LEADING_NUMBER.test(matched) && !explicitTime && !numberIsDay) return 'drop-leading-number';
  const dayTyped = start.isCertain('day') || start.isCertain('weekday');
  const relativeDay = /\b(?:tonight|today|tomorrow)\b/i.test(matched);
  // A month alone ("Catch up with March") is a name, not a due date.
  const period = /\b(?:week|month|year)\b/i.test(matched);
  if (!dayTyped && !start.isCertain('hour') && !relativeDay && !period) return 'reject';
  // A time of day in words only ("morning") with no day is not a due date either.
  if (!dayTyped && start.isCertain('hour') && !explicitTime && !relativeDay) return 'reject';
  // A capitalised run inside a sentence is a name: "Watch Friday Night Lights".
  const nextWord = text.slice(result.index + matched.length).match(/^\s+(\S)/)?.[1] ?? '';
  if (result.index > 0 && /^\p{Lu}/u.test(matched) && /\p{Lu}/u.test(nextWord)) return 'reject';
  return 'accept';
}

function toFound(text: string, result: ParsedResult): FoundDate {
  const { start } = result;
  const day = isoDate({
    year: start.get('year') ?? 0,
    month: start.get('month') ?? 1,
    day: start.get('day') ?? 1,
  });
  const time =
    start.isCertain('hour') && EXPLICIT_TIME.test(result.text)
      ? isoTime({ hour: start.get('hour') ?? 0, minute: start.get('minute') ?? 0 })
      : null;
  const before = PREPOSITION_BEFORE.exec(text.slice(0, result.index));
  return {
    start: before ? before.index : result.index,
    // chrono's match may end in the spaces it read while looking for a year
    // ("dec 3 " before "p1"): they are not part of the date.
    end: result.index + result.text.trimEnd().length,
    day,
    time,
    dayTyped: start.isCertain('day') || start.isCertain('weekday') || !start.isCertain('hour'),
  };
}

/** The typed text without its tokens, spaces tidied. */
function titleWithout(text: string, tokens: readonly QuickAddToken[]): string {
  let title = '';
  let at = 0;
  for (const token of [...tokens].sort((a, b) => a.start - b.start)) {
    title += `${text.slice(at, token.start)} `;
    at = token.end;
  }
  title += text.slice(at);
  return trimEdges(title.replace(/\s+/g, ' ').replace(/ ([,.;:!?])/g, '$1'));
}

const EDGE = new Set([' ', ',', ';', ':', '-']);
/**
 * Without the spaces and separators left at either end. A loop, not a
 * pattern: /[\s,;:-]+$/ retries from every character of a long run (40,000
 * commas took 1.5 s).
 */
function trimEdges(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && EDGE.has(text.charAt(start))) start += 1;
  while (end > start && EDGE.has(text.charAt(end - 1))) end -= 1;
  return text.slice(start, end).trim();
}
