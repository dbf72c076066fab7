// What one term of a filter means: its text (between operators, trimmed)
// read into a Term. Dates are read here, on the user's calendar, with quick
// add's reader (readDueText), so "friday" or "17 Aug" means what it means when
// a task is typed; labels and goals are only named here and found by
// resolve.ts.
import type { TaskPriority } from '@stride/shared/contract';
import { LABEL_NAME, labelKey } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import { normaliseName, readDueText } from '@stride/shared/quick-add/engine';
import { addDays } from '../dates.js';
import { FilterError, quoted } from './error.js';
import { isSpace, searchPrefix } from './tokens.js';

/** A term whose meaning needs nothing but the query and the user's today. */
export type PlainTerm =
  | { type: 'due'; op: 'on' | 'before' | 'after'; date: string }
  /** Due from `from` through `to`, both included. */
  | { type: 'range'; from: string; to: string }
  | { type: 'overdue'; today: string }
  | { type: 'no_date' | 'recurring' | 'no_labels' | 'no_goal' | 'done' | 'open' }
  | { type: 'priority'; priority: TaskPriority }
  /** Lower-cased, as tasks.search_text is. */
  | { type: 'search'; text: string };

/** As parsed: a label by its key (lower-cased name), a goal by its normalised name. */
export type Term =
  | PlainTerm
  | { type: 'label'; key: string; name: string }
  | { type: 'goal'; key: string; name: string };

/** As resolved for one user: the label's id, the ids of the live goals so called. */
export type ResolvedTerm =
  | PlainTerm
  | { type: 'label'; id: string }
  | { type: 'goal'; ids: string[] };

const HINT = 'try today, overdue, p1, @label, #goal, search: …';
const PRIORITY: Record<string, TaskPriority> = { p1: 'high', p2: 'medium', p3: 'low', p4: 'none' };
const DAYS_MAX = 365;

interface Word {
  text: string;
  start: number;
}

/** The words of a term, each with its place in the query. */
function wordsOf(text: string, start: number): Word[] {
  const words: Word[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && isSpace(text[at])) at++;
    const from = at;
    while (at < text.length && !isSpace(text[at])) at++;
    if (at > from) words.push({ text: text.slice(from, at), start: start + from });
  }
  return words;
}

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const isDigits = (text: string) => {
  if (text === '') return false;
  for (const char of text) if (!isDigit(char)) return false;
  return true;
};
const hasDigit = (text: string) => {
  for (const char of text) if (isDigit(char)) return true;
  return false;
};

/** The terms that are words alone (lower-cased, single spaces), given today. */
function keyword(key: string, today: string): PlainTerm | null {
  switch (key) {
    case 'today':
      return { type: 'due', op: 'on', date: today };
    case 'tomorrow':
      return { type: 'due', op: 'on', date: addDays(today, 1) };
    case 'yesterday':
      return { type: 'due', op: 'on', date: addDays(today, -1) };
    case 'overdue':
      return { type: 'overdue', today };
    case 'no date':
      return { type: 'no_date' };
    case 'recurring':
      return { type: 'recurring' };
    case 'no labels':
      return { type: 'no_labels' };
    case 'no goal':
      return { type: 'no_goal' };
    case 'done':
      return { type: 'done' };
    case 'open':
      return { type: 'open' };
  }
  const priority = PRIORITY[key];
  return priority ? { type: 'priority', priority } : null;
}

/**
 * A day as quick add reads it, relative to the user's today: the reader is
 * given noon UTC of that day as "now", so its today is the user's whatever
 * their zone (the list cache keys filtered pages by today for this reason).
 */
function readDay(text: string, start: number, today: string, explicit: boolean): string {
  const due = readDueText(text, { now: new Date(`${today}T12:00:00Z`), timeZone: 'UTC' });
  const fail = (message: string) => new FilterError(message, start, text.length);
  if (!due?.due_date) {
    // "tody", "p5", "foo bar": a word that is no term; "32 Foo", "due: soon": no date.
    const word = !text.includes(' ') && !isDigit(text[0]);
    if (explicit || (hasDigit(text) && !word)) {
      throw fail(`Dates like ${quoted(text)} cannot be read`);
    }
    throw fail(`Unknown term ${quoted(text)} — ${HINT}`);
  }
  if (due.repeat) throw fail(`${quoted(text)} repeats: a filter needs one day`);
  if (due.due_time) throw fail(`A filter compares days, not times: ${quoted(text)}`);
  return due.due_date;
}

function labelTerm(text: string, start: number): Term {
  // The name: every character up to the first that cannot be in one.
  let end = 1;
  for (const char of text.slice(1)) {
    if (!LABEL_NAME.test(char)) break;
    end += char.length;
  }
  const name = text.slice(1, end);
  if (name === '') {
    throw new FilterError('“@” needs a label’s name, e.g. @errand', start, text.length);
  }
  if (end < text.length) {
    const rest = wordsOf(text.slice(end), start + end)[0];
    if (rest && rest.start > start + end) throw missingOperator(rest);
    throw new FilterError(
      'A label’s name holds letters, digits, - and _ only',
      start + end,
      text.length - end,
    );
  }
  if (name.length > LIMITS.labelNameMax) {
    throw new FilterError(
      `A label’s name is at most ${LIMITS.labelNameMax} characters`,
      start,
      text.length,
    );
  }
  return { type: 'label', key: labelKey(name), name };
}

const missingOperator = (word: Word) =>
  new FilterError(`Expected “&” or “|” before ${quoted(word.text)}`, word.start, word.text.length);

/** `due:`, `due before:`, `due after:` and what follows, or null when the term is none of them. */
function dueTerm(text: string, start: number, today: string): PlainTerm | null {
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  const head = wordsOf(text.slice(0, colon), 0)
    .map((word) => word.text.toLowerCase())
    .join(' ');
  const op =
    head === 'due'
      ? 'on'
      : head === 'due before'
        ? 'before'
        : head === 'due after'
          ? 'after'
          : null;
  if (!op) return null;
  const date = wordsOf(text.slice(colon + 1), start + colon + 1);
  const first = date[0];
  const last = date.at(-1);
  if (!first || !last) {
    throw new FilterError(`Expected a date after ${quoted(`${head}:`)}`, start, text.length);
  }
  const dateText = text.slice(first.start - start, last.start - start + last.text.length);
  return { type: 'due', op, date: readDay(dateText, first.start, today, true) };
}

/** `next 7 days` or `7 days`: due from today through the 7th day. */
function daysTerm(words: Word[], today: string): PlainTerm | null {
  const lower = words.map((word) => word.text.toLowerCase());
  const counted = lower.length === 3 && lower[0] === 'next' ? 1 : lower.length === 2 ? 0 : -1;
  const count = words[counted];
  const unit = lower[counted + 1];
  if (counted < 0 || !count || !isDigits(count.text) || (unit !== 'days' && unit !== 'day')) {
    return null;
  }
  const days = count.text.length <= 3 ? Number(count.text) : 0;
  if (days < 1 || days > DAYS_MAX) {
    throw new FilterError(`Days ahead must be 1 to ${DAYS_MAX}`, count.start, count.text.length);
  }
  return { type: 'range', from: today, to: addDays(today, days - 1) };
}

/** The term `text` (trimmed, non-empty) that starts at `start` in the query. */
export function readTerm(text: string, start: number, today: string): Term {
  const first = text[0];
  if (first === '@') return labelTerm(text, start);
  if (first === '#') {
    const name = text.slice(1);
    const key = normaliseName(name);
    if (key === '') {
      throw new FilterError('“#” needs a goal’s name, e.g. #Home', start, text.length);
    }
    return { type: 'goal', key, name: name.trim() };
  }
  const words = wordsOf(text, start);
  const lower = words.map((word) => word.text.toLowerCase());
  const searched = searchPrefix(text, 0);
  if (searched >= 0) {
    const wanted = text.slice(searched).trim();
    if (wanted === '') throw new FilterError('Expected text after “search:”', start, text.length);
    return { type: 'search', text: wanted.toLowerCase() };
  }
  const due = dueTerm(text, start, today);
  if (due) return due;
  const whole = keyword(lower.join(' '), today);
  if (whole) return whole;
  const days = daysTerm(words, today);
  if (days) return days;
  // A whole term followed by more words: an operator is missing ("today p1").
  for (const count of [2, 1]) {
    const next = words[count];
    if (next && keyword(lower.slice(0, count).join(' '), today)) throw missingOperator(next);
  }
  return { type: 'due', op: 'on', date: readDay(text, start, today, false) };
}
