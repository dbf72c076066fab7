// The task filter language (docs/product.md §4, docs/architecture.md §4
// "Filters"): a query such as `(today | overdue) & @errand & !#Home`
// is parsed (tokens.ts, parse.ts, terms.ts), resolved against the user's
// labels and goals (resolve.ts) and compiled to one SQL condition
// (compile.ts) that the task list applies with its other filters, its sort
// and its cursor. A query that cannot be used is a 400 `invalid_filter`
// saying what is wrong and where.

import { normaliseName } from '@stride/shared/quick-add/engine';
import type { Expression, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { badRequest, type HttpError } from '../errors.js';
import { compileFilter } from './compile.js';
import { FilterError } from './error.js';
import { parseFilter } from './parse.js';
import { type FilterLookup, resolveFilter } from './resolve.js';

export { compileFilter } from './compile.js';
export { FilterError } from './error.js';
export { type FilterNode, parseFilter } from './parse.js';
export { type FilterLookup, resolveFilter } from './resolve.js';

/** The user's labels and live goals, read from the database. */
export function databaseLookup(db: Kysely<Database>, userId: string): FilterLookup {
  return {
    async labels(keys) {
      const rows = await db
        .selectFrom('labels')
        .select(['id', 'name_key'])
        .where('user_id', '=', userId)
        .where('name_key', 'in', keys)
        .execute();
      return new Map(rows.map((row) => [row.name_key, row.id]));
    },
    async goals() {
      const rows = await db
        .selectFrom('goals')
        .select(['id', 'title'])
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => ({ id: row.id, key: normaliseName(row.title) }));
    },
  };
}

/** A FilterError as the API answers it: 400 `invalid_filter`, the message on the field, and where. */
export function invalidFilter(error: FilterError, field: string): HttpError {
  const answer = badRequest('invalid_filter', error.message, { [field]: error.message });
  answer.position = error.position;
  return answer;
}

/**
 * The condition for the user's tasks that `query` keeps, on their calendar
 * (`today`, YYYY-MM-DD); null for a blank query. A query that cannot be used
 * is a 400 naming `field`.
 */
export async function filterCondition(
  db: Kysely<Database>,
  userId: string,
  query: string,
  today: string,
  field = 'filter',
): Promise<Expression<SqlBool> | null> {
  try {
    const parsed = parseFilter(query, today);
    if (!parsed) return null;
    return compileFilter(await resolveFilter(parsed, databaseLookup(db, userId)));
  } catch (error) {
    if (error instanceof FilterError) throw invalidFilter(error, field);
    throw error;
  }
}
