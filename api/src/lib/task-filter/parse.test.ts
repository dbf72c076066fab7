import { describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import { FilterError } from './error.js';
import { type FilterNode, parseFilter } from './parse.js';
import type { Term } from './terms.js';

/** A Wednesday. */
const TODAY = '2030-03-13';

/** The tree's shape, each term shown as its text in the query. */
function shape(query: string): string {
  const show = (node: FilterNode<Term>): string => {
    if (node.kind === 'term') return query.slice(node.start, node.start + node.length);
    if (node.kind === 'not') return `not(${show(node.item)})`;
    return `${node.kind}(${node.items.map(show).join(', ')})`;
  };
  const node = parseFilter(query, TODAY);
  return node ? show(node) : '';
}

/** The one term of a query. */
function term(query: string): Term {
  const node = parseFilter(query, TODAY);
  if (node?.kind !== 'term') throw new Error(`not one term: ${query}`);
  return node.term;
}

/** What the error says and where, or a failure when there is none. */
function failure(query: string) {
  try {
    parseFilter(query, TODAY);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return { message: error.message, position: error.position, length: error.length };
  }
  throw new Error(`no error for ${JSON.stringify(query)}`);
}

describe('the filter grammar', () => {
  it('binds ! tighter than &, and & tighter than |', () => {
    expect(shape('today & @errand | p1')).toBe('or(and(today, @errand), p1)');
    expect(shape('p1 | today & @errand')).toBe('or(p1, and(today, @errand))');
    expect(shape('!today & p1')).toBe('and(not(today), p1)');
    expect(shape('p1 | !overdue')).toBe('or(p1, not(overdue))');
  });

  it('groups with parentheses, and keeps runs of one operator in one node', () => {
    expect(shape('(p1 | overdue) & !#Home')).toBe('and(or(p1, overdue), not(#Home))');
    expect(shape('p1 & p2 & p3 | p4 | done')).toBe('or(and(p1, p2, p3), p4, done)');
    expect(shape('!(today | (tomorrow & p1))')).toBe('not(or(today, and(tomorrow, p1)))');
    expect(shape('((((today))))')).toBe('today');
  });

  it('counts a run of !, so two cancel out', () => {
    expect(shape('!!today')).toBe('today');
    expect(shape('!!!today')).toBe('not(today)');
    expect(shape(`${'!'.repeat(250)}today`)).toBe('today');
  });

  it('reads keywords whatever their case and spacing, and a blank query as no filter', () => {
    expect(shape('  TODAY&No   Date|P1 ')).toBe('or(and(TODAY, No   Date), P1)');
    expect(parseFilter('   ', TODAY)).toBeNull();
    expect(parseFilter('', TODAY)).toBeNull();
  });
});

describe('the terms', () => {
  it('reads the days around today and overdue on the user’s calendar', () => {
    expect(term('today')).toEqual({ type: 'due', op: 'on', date: '2030-03-13' });
    expect(term('tomorrow')).toEqual({ type: 'due', op: 'on', date: '2030-03-14' });
    expect(term('yesterday')).toEqual({ type: 'due', op: 'on', date: '2030-03-12' });
    expect(term('overdue')).toEqual({ type: 'overdue', today: TODAY });
    expect(parseFilter('today', '2031-01-01')).toMatchObject({ term: { date: '2031-01-01' } });
  });

  it('reads the words without a value', () => {
    expect(term('no date')).toEqual({ type: 'no_date' });
    expect(term('recurring')).toEqual({ type: 'recurring' });
    expect(term('no labels')).toEqual({ type: 'no_labels' });
    expect(term('no goal')).toEqual({ type: 'no_goal' });
    expect(term('done')).toEqual({ type: 'done' });
    expect(term('open')).toEqual({ type: 'open' });
  });

  it('reads p1 as the highest priority and p4 as none, as Todoist does', () => {
    expect(term('p1')).toEqual({ type: 'priority', priority: 'high' });
    expect(term('p2')).toEqual({ type: 'priority', priority: 'medium' });
    expect(term('p3')).toEqual({ type: 'priority', priority: 'low' });
    expect(term('P4')).toEqual({ type: 'priority', priority: 'none' });
  });

  it('reads a label by its key and a goal by its normalised name', () => {
    expect(term('@Errand')).toEqual({ type: 'label', key: 'errand', name: 'Errand' });
    expect(term('@été-2_x')).toEqual({ type: 'label', key: 'été-2_x', name: 'été-2_x' });
    expect(term('#Home renovation')).toEqual({
      type: 'goal',
      key: 'homerenovation',
      name: 'Home renovation',
    });
    expect(term('#HomeRenovation')).toMatchObject({ key: 'homerenovation' });
    expect(term('#half-marathon')).toMatchObject({ key: 'halfmarathon' });
    expect(shape('#Home renovation & !@waiting')).toBe('and(#Home renovation, not(@waiting))');
  });

  it('reads due:, due before: and due after: with quick add’s dates', () => {
    expect(term('due: friday')).toEqual({ type: 'due', op: 'on', date: '2030-03-15' });
    expect(term('due before: friday')).toEqual({ type: 'due', op: 'before', date: '2030-03-15' });
    expect(term('Due After:17 Aug')).toEqual({ type: 'due', op: 'after', date: '2030-08-17' });
    expect(term('due : 2030-04-01')).toEqual({ type: 'due', op: 'on', date: '2030-04-01' });
    expect(term('due before: tomorrow')).toMatchObject({ date: '2030-03-14' });
  });

  it('reads a bare date as due on that day', () => {
    expect(term('friday')).toEqual({ type: 'due', op: 'on', date: '2030-03-15' });
    expect(term('17 Aug')).toEqual({ type: 'due', op: 'on', date: '2030-08-17' });
    expect(term('2030-12-24')).toEqual({ type: 'due', op: 'on', date: '2030-12-24' });
    // Monday is the next one, never today's week gone by.
    expect(term('monday')).toEqual({ type: 'due', op: 'on', date: '2030-03-18' });
  });

  it('reads next N days and N days as today through the Nth day', () => {
    expect(term('next 7 days')).toEqual({ type: 'range', from: TODAY, to: '2030-03-19' });
    expect(term('3 days')).toEqual({ type: 'range', from: TODAY, to: '2030-03-15' });
    expect(term('next 1 day')).toEqual({ type: 'range', from: TODAY, to: TODAY });
    expect(term('365 days')).toEqual({ type: 'range', from: TODAY, to: '2031-03-12' });
  });

  it('reads search: up to &, | or ), keeping ! and ( in the text', () => {
    expect(term('search: Invoice')).toEqual({ type: 'search', text: 'invoice' });
    expect(term('(SEARCH :hello (world!)')).toEqual({ type: 'search', text: 'hello (world!' });
    expect(shape('search: a & done | p1')).toBe('or(and(search: a, done), p1)');
    expect(term('search: 100%_off\\')).toEqual({ type: 'search', text: '100%_off\\' });
  });

  it('keeps each term’s place in the query', () => {
    const node = parseFilter('  (today |  @errand ) & search: tax  ', TODAY);
    expect(node).toMatchObject({
      kind: 'and',
      items: [
        {
          kind: 'or',
          items: [
            { kind: 'term', start: 3, length: 5 },
            { kind: 'term', start: 12, length: 7 },
          ],
        },
        { kind: 'term', start: 24, length: 11 },
      ],
    });
  });
});

describe('errors', () => {
  it('says which operator lacks a term, and where', () => {
    expect(failure('today &')).toEqual({
      message: 'Expected a term after “&”',
      position: 6,
      length: 1,
    });
    expect(failure('today | ')).toMatchObject({
      message: 'Expected a term after “|”',
      position: 6,
    });
    expect(failure('p1 & !')).toMatchObject({ message: 'Expected a term after “!”', position: 5 });
    expect(failure('()')).toMatchObject({ message: 'Expected a term after “(”', position: 0 });
    expect(failure('& today')).toMatchObject({
      message: 'Expected a term before “&”',
      position: 0,
    });
    expect(failure('today & | p1')).toMatchObject({ position: 6 });
    expect(failure('(today &)')).toMatchObject({
      message: 'Expected a term after “&”',
      position: 7,
    });
  });

  it('finds unbalanced parentheses', () => {
    expect(failure('p1 & (today | overdue')).toEqual({
      message: '“(” is never closed',
      position: 5,
      length: 1,
    });
    expect(failure('((today)')).toMatchObject({ message: '“(” is never closed', position: 0 });
    expect(failure('today) & p1')).toEqual({
      message: '“)” has no “(” before it',
      position: 5,
      length: 1,
    });
  });

  it('asks for an operator between two terms', () => {
    expect(failure('today tomorrow')).toEqual({
      message: 'Expected “&” or “|” before “tomorrow”',
      position: 6,
      length: 8,
    });
    expect(failure('no date p1')).toMatchObject({ position: 8 });
    expect(failure('@errand today')).toMatchObject({
      message: 'Expected “&” or “|” before “today”',
      position: 8,
    });
    expect(failure('today (p1)')).toMatchObject({
      message: 'Expected “&” or “|” before “(”',
      position: 6,
    });
    expect(failure('(p1) p2')).toMatchObject({ position: 5 });
    expect(failure('today !p1')).toMatchObject({ position: 6 });
  });

  it('names an unknown term and offers what there is', () => {
    expect(failure('p1 & tody')).toEqual({
      message: 'Unknown term “tody” — try today, overdue, p1, @label, #goal, search: …',
      position: 5,
      length: 4,
    });
    expect(failure('p5')).toMatchObject({ message: expect.stringMatching(/^Unknown term “p5”/) });
    expect(failure('foo bar')).toMatchObject({ message: expect.stringMatching(/^Unknown term/) });
    // Cut to 40 characters, never inside a character.
    const long = `x${'😀'.repeat(30)}`;
    const { message } = failure(long);
    expect(message.startsWith(`Unknown term “x${'😀'.repeat(19)}…”`)).toBe(true);
    expect(message.isWellFormed()).toBe(true);
  });

  it('says a date cannot be read, or is not one day', () => {
    expect(failure('32 Foo')).toEqual({
      message: 'Dates like “32 Foo” cannot be read',
      position: 0,
      length: 6,
    });
    expect(failure('p1 | due before:  someday')).toEqual({
      message: 'Dates like “someday” cannot be read',
      position: 18,
      length: 7,
    });
    expect(failure('due:')).toMatchObject({ message: 'Expected a date after “due:”' });
    expect(failure('due after: ')).toMatchObject({ message: 'Expected a date after “due after:”' });
    expect(failure('monday 9am')).toMatchObject({
      message: 'A filter compares days, not times: “monday 9am”',
    });
    expect(failure('due: every monday')).toMatchObject({
      message: '“every monday” repeats: a filter needs one day',
      position: 5,
    });
  });

  it('refuses a malformed label, goal, search or day count at its place', () => {
    expect(failure('p1 & @')).toMatchObject({
      message: '“@” needs a label’s name, e.g. @errand',
      position: 5,
    });
    expect(failure('@err$and')).toEqual({
      message: 'A label’s name holds letters, digits, - and _ only',
      position: 4,
      length: 4,
    });
    expect(failure(`@${'a'.repeat(LIMITS.labelNameMax + 1)}`)).toMatchObject({ position: 0 });
    expect(failure('# !! ')).toMatchObject({ message: '“#” needs a goal’s name, e.g. #Home' });
    expect(failure('p1 | search:  ')).toMatchObject({
      message: 'Expected text after “search:”',
      position: 5,
    });
    expect(failure('next 0 days')).toEqual({
      message: 'Days ahead must be 1 to 365',
      position: 5,
      length: 1,
    });
    expect(failure('366 days')).toMatchObject({ position: 0, length: 3 });
    expect(failure('next 99999999999999999999 days')).toMatchObject({ position: 5 });
  });

  it('refuses NUL and half characters at their place', () => {
    expect(failure('today & \u0000')).toMatchObject({ position: 8, length: 1 });
    expect(failure('😀 \ud800')).toMatchObject({ position: 3 });
  });
});

describe('bounds', () => {
  it('refuses a query longer than the limit at the first character past it', () => {
    const query = `search: ${'x'.repeat(LIMITS.filterMax)}`;
    expect(failure(query)).toEqual({
      message: `A filter is at most ${LIMITS.filterMax} characters`,
      position: LIMITS.filterMax,
      length: query.length - LIMITS.filterMax,
    });
    expect(() => parseFilter(`search: ${'x'.repeat(LIMITS.filterMax - 8)}`, TODAY)).not.toThrow();
  });

  it('refuses more terms than the limit at the first one too many', () => {
    const terms = Array.from({ length: LIMITS.filterTermsMax }, () => 'p1');
    expect(() => parseFilter(terms.join('|'), TODAY)).not.toThrow();
    const query = [...terms, 'p2'].join('|');
    expect(failure(query)).toEqual({
      message: `A filter has at most ${LIMITS.filterTermsMax} terms`,
      position: query.length - 2,
      length: 2,
    });
  });

  it('refuses parentheses deeper than the limit at the first one too deep', () => {
    const deep = (n: number) => `${'('.repeat(n)}today${')'.repeat(n)}`;
    expect(shape(deep(LIMITS.filterDepthMax))).toBe('today');
    expect(failure(deep(LIMITS.filterDepthMax + 1))).toEqual({
      message: `Parentheses go at most ${LIMITS.filterDepthMax} deep`,
      position: LIMITS.filterDepthMax,
      length: 1,
    });
    // Never a stack overflow, however many there are.
    expect(failure('('.repeat(LIMITS.filterMax))).toMatchObject({
      position: LIMITS.filterDepthMax,
    });
  });
});
