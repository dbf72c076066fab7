// The filter's tokens: the operators and parentheses, and the text of each
// term between them. One pass over the query, no regular expressions: every
// loop moves forward, so a query costs its length and no more.
import { LIMITS } from '@stride/shared/limits';
import { FilterError } from './error.js';

export type Operator = '&' | '|' | '!' | '(' | ')';

export type Token =
  | { kind: 'op'; op: Operator; start: number }
  /** A term's text, trimmed; `start` is where its first character is. */
  | { kind: 'term'; text: string; start: number };

const OPERATORS = new Set<string>(['&', '|', '!', '(', ')']);
/** What ends a `search:` term: its text may hold `!` and `(`, as titles do. */
const SEARCH_ENDS = new Set<string>(['&', '|', ')']);

export const isSpace = (char: string | undefined) =>
  char !== undefined && char.trim() === '' && char !== '';

/**
 * Where the `search:` at `at` ends (past its colon), or -1 when the text
 * there is not `search`, spaces, `:`, whatever the case.
 */
export function searchPrefix(query: string, at: number): number {
  if (query.slice(at, at + 6).toLowerCase() !== 'search') return -1;
  let end = at + 6;
  while (end < query.length && isSpace(query[end])) end++;
  return query[end] === ':' ? end + 1 : -1;
}

/** The text of `query` from `start` to `end`, trimmed, with where it starts; null when blank. */
function trimmed(
  query: string,
  start: number,
  end: number,
): { text: string; start: number } | null {
  let from = start;
  let to = end;
  while (from < to && isSpace(query[from])) from++;
  while (to > from && isSpace(query[to - 1])) to--;
  return from < to ? { text: query.slice(from, to), start: from } : null;
}

/** Where the first NUL or half character is (neither is text a database keeps), or -1. */
function notTextAt(query: string): number {
  for (let at = 0; at < query.length; at++) {
    const code = query.charCodeAt(at);
    if (code === 0) return at;
    if (code >= 0xdc00 && code <= 0xdfff) return at;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = query.charCodeAt(at + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return at;
      at++;
    }
  }
  return -1;
}

export function tokenize(query: string): Token[] {
  if (query.length > LIMITS.filterMax) {
    throw new FilterError(
      `A filter is at most ${LIMITS.filterMax} characters`,
      LIMITS.filterMax,
      query.length - LIMITS.filterMax,
    );
  }
  const bad = notTextAt(query);
  if (bad >= 0) throw new FilterError('A filter holds a character that is not text', bad, 1);
  const tokens: Token[] = [];
  let at = 0;
  while (at < query.length) {
    const char = query[at] ?? '';
    if (isSpace(char)) {
      at++;
      continue;
    }
    if (OPERATORS.has(char)) {
      tokens.push({ kind: 'op', op: char as Operator, start: at });
      at++;
      continue;
    }
    const search = searchPrefix(query, at);
    const ends = search >= 0 ? SEARCH_ENDS : OPERATORS;
    let end = search >= 0 ? search : at + 1;
    while (end < query.length && !ends.has(query[end] ?? '')) end++;
    const term = trimmed(query, at, end);
    if (term) tokens.push({ kind: 'term', ...term });
    at = end;
  }
  return tokens;
}
