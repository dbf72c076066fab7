// Goal tags as they are typed: which `#name` the caret is in, and which goals
// it may mean. Light on purpose (no parser): the field's suggestions run on
// every key press, before the parser has loaded.
import { LIMITS } from '../limits';
import type { QuickAddGoal, QuickAddToken } from './quick-add-types';

/** Goal names compare without case, spaces or punctuation: "#half-marathon" is "Half marathon". */
export const normaliseName = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** What a goal's name may hold after a `#`: letters, digits, `_`, `-`, and single spaces. */
const NAME_CHAR = /[\p{L}\p{N}_\- ]/u;
const SPACE_BEFORE = /\s/;
/** At most this many suggestions show at once (the rest narrow as the name grows). */
export const GOAL_SUGGESTIONS_MAX = 6;

export interface GoalTag {
  /** Where the `#` is. */
  start: number;
  /** The caret: the tag is what lies between. */
  end: number;
  /** The name typed so far, without the `#`. */
  query: string;
}

/**
 * The `#name` the caret is in, or null. The `#` must start a word; the name
 * runs to the caret over name characters and single spaces, at most a goal
 * title long, and stops at any other part quick add recognised ("#Home
 * tomorrow" is no longer a tag once "tomorrow" is a date).
 */
export function goalTagAt(
  text: string,
  caret: number,
  tokens: readonly QuickAddToken[] = [],
): GoalTag | null {
  const floor = Math.max(0, caret - LIMITS.titleMax - 1);
  for (let at = caret - 1; at >= floor; at--) {
    const char = text[at] ?? '';
    if (char === '#') {
      if (at > 0 && !SPACE_BEFORE.test(text[at - 1] ?? '')) return null;
      const query = text.slice(at + 1, caret);
      if (query.startsWith(' ') || query.includes('  ')) return null;
      const crossed = tokens.some(
        (token) => token.kind !== 'goal' && token.start < caret && token.end > at,
      );
      return crossed ? null : { start: at, end: caret, query };
    }
    if (!NAME_CHAR.test(char)) return null;
  }
  return null;
}

export interface GoalSuggestions {
  goals: QuickAddGoal[];
  /** A new goal's title to offer, when the name typed is none of the goals. */
  create: string | null;
}

/**
 * The goals a tag's name may mean: titles that begin with it first, then
 * titles that contain it; the goal it already names is left out. A name
 * that ends in a space is finished: only longer titles that go on from it
 * are offered, and nothing new. A name that is no goal's title is offered
 * as a new goal.
 */
export function suggestGoals(
  query: string,
  goals: readonly QuickAddGoal[],
  max = GOAL_SUGGESTIONS_MAX,
): GoalSuggestions {
  const wanted = normaliseName(query);
  const finished = /\s$/.test(query);
  const starts: QuickAddGoal[] = [];
  const contains: QuickAddGoal[] = [];
  let exact = false;
  for (const goal of goals) {
    const title = normaliseName(goal.title);
    // The goal the name already is needs no suggesting.
    if (title === wanted) {
      exact = true;
      continue;
    }
    if (title.startsWith(wanted)) starts.push(goal);
    else if (!finished && wanted && title.includes(wanted)) contains.push(goal);
  }
  const name = query.trim();
  return {
    goals: [...starts, ...contains].slice(0, max),
    create: !finished && wanted && !exact ? name : null,
  };
}

/** The line with the tag replaced by the goal's full name and a space, and where the caret goes. */
export function insertGoal(text: string, tag: GoalTag, title: string) {
  const before = `${text.slice(0, tag.start)}#${title} `;
  const after = text.slice(tag.end).replace(/^ /, '');
  return { text: before + after, caret: before.length };
}

/** A `#` that starts a word, and the word. */
const TAG_WORD = /(?<=^|\s)#([\p{L}\p{N}_-]+)/gu;

/**
 * The first `#word` of the line that names no goal (quick add keeps it as
 * text), so the field can offer to create that goal. A word that begins a
 * goal's title is not offered: the user kept that tag as text on purpose.
 */
export function unknownTag(
  text: string,
  tokens: readonly QuickAddToken[],
  goals: readonly QuickAddGoal[],
): { start: number; end: number; name: string } | null {
  for (const match of text.matchAll(TAG_WORD)) {
    const name = match[1] ?? '';
    const start = match.index;
    if (tokens.some((token) => token.start <= start && token.end > start)) continue;
    const wanted = normaliseName(name);
    if (goals.some((goal) => normaliseName(goal.title).startsWith(wanted))) continue;
    return { start, end: start + match[0].length, name };
  }
  return null;
}
