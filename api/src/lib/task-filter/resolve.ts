// A parsed filter made the user's: each `@label` becomes their label's id and
// each `#goal` the ids of their live goals of that name, with one lookup for
// all the labels and one for the goals, whatever the number of terms. A name
// the user has nothing for is a FilterError at its term.
import { FilterError, quoted } from './error.js';
import type { FilterNode } from './parse.js';
import type { ResolvedTerm, Term } from './terms.js';

export interface FilterLookup {
  /** The user's labels among these keys (lower-cased names): key → id. */
  labels(keys: string[]): Promise<Map<string, string>>;
  /** The user's live goals; a `#name` matches a title as quick add's does (normaliseName). */
  goals(): Promise<{ id: string; key: string }[]>;
}

type Located = { term: Term; start: number; length: number };

function termsOf(node: FilterNode<Term>, into: Located[]): Located[] {
  if (node.kind === 'term') into.push(node);
  else if (node.kind === 'not') termsOf(node.item, into);
  else for (const item of node.items) termsOf(item, into);
  return into;
}

function mapTerms<A, B>(node: FilterNode<A>, map: (term: A) => B): FilterNode<B> {
  if (node.kind === 'term') return { ...node, term: map(node.term) };
  if (node.kind === 'not') return { kind: 'not', item: mapTerms(node.item, map) };
  return { kind: node.kind, items: node.items.map((item) => mapTerms(item, map)) };
}

export async function resolveFilter(
  node: FilterNode<Term>,
  lookup: FilterLookup,
): Promise<FilterNode<ResolvedTerm>> {
  // In the query's order, so the first unknown name is the one reported.
  const terms = termsOf(node, []);
  const labelKeys = new Set<string>();
  let goalsNamed = false;
  for (const { term } of terms) {
    if (term.type === 'label') labelKeys.add(term.key);
    if (term.type === 'goal') goalsNamed = true;
  }
  const labels = labelKeys.size > 0 ? await lookup.labels([...labelKeys]) : new Map();
  const goals = new Map<string, string[]>();
  if (goalsNamed) {
    for (const goal of await lookup.goals()) {
      const same = goals.get(goal.key);
      if (same) same.push(goal.id);
      else goals.set(goal.key, [goal.id]);
    }
  }
  for (const { term, start, length } of terms) {
    if (term.type === 'label' && !labels.has(term.key)) {
      throw new FilterError(`No label is called ${quoted(term.name)}`, start, length);
    }
    if (term.type === 'goal' && !goals.has(term.key)) {
      throw new FilterError(`No goal is called ${quoted(term.name)}`, start, length);
    }
  }
  return mapTerms(node, (term): ResolvedTerm => {
    if (term.type === 'label') return { type: 'label', id: labels.get(term.key) as string };
    if (term.type === 'goal') return { type: 'goal', ids: goals.get(term.key) as string[] };
    return term;
  });
}
