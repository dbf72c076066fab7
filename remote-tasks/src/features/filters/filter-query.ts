// The filter language on the page's side (docs/product.md §4, "Filters"):
// the API reads and runs a query; this joins the page's own Label filter to
// it and reads the API's answer when it cannot be read.
import { LIMITS } from '@stride/shared/limits';

/** The query the list is asked for: the typed filter and the Label select, both. */
export function listFilter(
  filter: string | undefined,
  label: string | undefined,
): string | undefined {
  const typed = filter?.trim();
  if (typed && label) return `(${typed}) & @${label}`;
  if (typed) return typed;
  return label ? `@${label}` : undefined;
}

/** A filter from the address: trimmed, within the API's length, else none. */
export function readFilter(raw: string | null): string | undefined {
  const typed = raw?.trim();
  return typed && typed.length <= LIMITS.filterMax ? typed : undefined;
}

export interface FilterProblem {
  message: string;
  /** Where in the typed filter it is, 0-based; absent when the API did not say. */
  position?: number;
}

/** The API's 400 `invalid_filter`, as words and a place; null for any other failure. */
export function filterProblemOf(error: unknown): FilterProblem | null {
  const body = (error as { body?: { code?: unknown; error?: unknown; position?: unknown } } | null)
    ?.body;
  if (body?.code !== 'invalid_filter' || typeof body.error !== 'string') return null;
  return typeof body.position === 'number'
    ? { message: body.error, position: body.position }
    : { message: body.error };
}
