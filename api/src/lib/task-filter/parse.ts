// The filter's grammar, read by recursive descent (docs/decisions.md,
// "Filters"): `!` binds tighter than `&`, which binds tighter than `|`.
//
//   query   = or
//   or      = and { "|" and }
//   and     = unary { "&" unary }
//   unary   = { "!" } primary
//   primary = "(" or ")" | term
//
// Recursion happens only at a parenthesis, at most LIMITS.filterDepthMax
// deep; a run of `!` is counted, not recursed into. Terms are terms.ts's.
import { LIMITS } from '@stride/shared/limits';
import { FilterError, quoted } from './error.js';
import { readTerm, type Term } from './terms.js';
import { type Operator, type Token, tokenize } from './tokens.js';

export type FilterNode<T> =
  | { kind: 'and' | 'or'; items: FilterNode<T>[] }
  | { kind: 'not'; item: FilterNode<T> }
  /** A term, with where its text is in the query. */
  | { kind: 'term'; term: T; start: number; length: number };

const shown = (token: Token) => quoted(token.kind === 'op' ? token.op : token.text);
const lengthOf = (token: Token) => (token.kind === 'op' ? 1 : token.text.length);

class Parser {
  private next = 0;
  private terms = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly today: string,
  ) {}

  query(): FilterNode<Term> {
    const node = this.or(null);
    const extra = this.tokens[this.next];
    if (extra) {
      if (extra.kind === 'op' && extra.op === ')') {
        throw new FilterError('“)” has no “(” before it', extra.start, 1);
      }
      throw this.missingOperator(extra);
    }
    return node;
  }

  private or(after: Token | null): FilterNode<Term> {
    return this.list('or', '|', after, (first) => this.and(first));
  }

  private and(after: Token | null): FilterNode<Term> {
    return this.list('and', '&', after, (first) => this.unary(first));
  }

  /** `item { op item }`, one node for the whole run. */
  private list(
    kind: 'and' | 'or',
    op: Operator,
    after: Token | null,
    item: (after: Token | null) => FilterNode<Term>,
  ): FilterNode<Term> {
    const items = [item(after)];
    for (let token = this.peekOp(op); token; token = this.peekOp(op)) {
      this.next++;
      items.push(item(token));
    }
    return items.length === 1 ? (items[0] as FilterNode<Term>) : { kind, items };
  }

  private unary(after: Token | null): FilterNode<Term> {
    let negations = 0;
    let last = after;
    for (let token = this.peekOp('!'); token; token = this.peekOp('!')) {
      this.next++;
      negations++;
      last = token;
    }
    const node = this.primary(last);
    return negations % 2 === 1 ? { kind: 'not', item: node } : node;
  }

  private primary(after: Token | null): FilterNode<Term> {
    const token = this.tokens[this.next];
    if (token?.kind === 'term') {
      this.next++;
      this.terms++;
      if (this.terms > LIMITS.filterTermsMax) {
        throw new FilterError(
          `A filter has at most ${LIMITS.filterTermsMax} terms`,
          token.start,
          token.text.length,
        );
      }
      const term = readTerm(token.text, token.start, this.today);
      return { kind: 'term', term, start: token.start, length: token.text.length };
    }
    if (token?.kind === 'op' && token.op === '(') {
      this.depth++;
      if (this.depth > LIMITS.filterDepthMax) {
        throw new FilterError(
          `Parentheses go at most ${LIMITS.filterDepthMax} deep`,
          token.start,
          1,
        );
      }
      this.next++;
      const node = this.or(token);
      const close = this.tokens[this.next];
      if (!close) throw new FilterError('“(” is never closed', token.start, 1);
      if (close.kind !== 'op' || close.op !== ')') throw this.missingOperator(close);
      this.next++;
      this.depth--;
      return node;
    }
    // An operator (or the end) where a term should be.
    if (after) {
      throw new FilterError(`Expected a term after ${shown(after)}`, after.start, lengthOf(after));
    }
    const at = token ?? { kind: 'op' as const, op: '&' as const, start: 0 };
    throw new FilterError(`Expected a term before ${shown(at)}`, at.start, lengthOf(at));
  }

  private peekOp(op: Operator): Token | null {
    const token = this.tokens[this.next];
    return token?.kind === 'op' && token.op === op ? token : null;
  }

  private missingOperator(token: Token): FilterError {
    return new FilterError(
      `Expected “&” or “|” before ${shown(token)}`,
      token.start,
      lengthOf(token),
    );
  }
}

/**
 * The query read on the user's calendar (`today`, YYYY-MM-DD), or null when
 * it is blank (no filter). Throws a FilterError saying what and where.
 */
export function parseFilter(query: string, today: string): FilterNode<Term> | null {
  const tokens = tokenize(query);
  if (tokens.length === 0) return null;
  return new Parser(tokens, today).query();
}
