// Keyset pagination. A list is ordered by a few columns, the last one the id,
// so the order is total and a page boundary is exact: no duplicates or gaps
// while rows are added or removed between pages. The cursor is the sort key of
// the last row, base64url-encoded JSON, opaque to clients; anything that does
// not decode to a key of the expected shape is a 400.
import { type Expression, type SqlBool, sql } from 'kysely';
import { badRequest } from './errors.js';

export type KeyValue = string | number;

export interface SortColumn {
  /** A column reference or expression, e.g. sql.ref('tasks.created_at'). */
  expr: Expression<unknown>;
  direction: 'asc' | 'desc';
  type: 'string' | 'number';
}

export function encodeCursor(sort: string, key: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify([sort, ...key])).toString('base64url');
}

const invalidCursor = () =>
  badRequest('invalid_cursor', 'Some fields are invalid', {
    cursor: 'Invalid cursor: start again from the first page',
  });

/** The sort key in a cursor made for this sort and these columns; 400 otherwise. */
export function decodeCursor(
  raw: string,
  sort: string,
  columns: readonly SortColumn[],
): KeyValue[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== columns.length + 1 || parsed[0] !== sort) {
    throw invalidCursor();
  }
  const key = parsed.slice(1);
  const ok = key.every((value, i) =>
    columns[i]?.type === 'number'
      ? Number.isSafeInteger(value)
      : // No NUL (PostgreSQL cannot compare it: a 500) and no half characters.
        typeof value === 'string' &&
        value.length <= 100 &&
        !value.includes('\u0000') &&
        value.isWellFormed(),
  );
  if (!ok) throw invalidCursor();
  return key as KeyValue[];
}

/**
 * Rows strictly after `key` in the order of `columns`:
 * (c0 > k0) OR (c0 = k0 AND c1 > k1) OR … (`<` for descending columns),
 * ANDed with the redundant c0 >= k0 so an index on c0 can seek to the page.
 */
export function afterKey(
  columns: readonly SortColumn[],
  key: readonly KeyValue[],
): Expression<SqlBool> {
  const op = (column: SortColumn, strict: boolean) =>
    sql.raw(column.direction === 'asc' ? (strict ? '>' : '>=') : strict ? '<' : '<=');
  const branches = columns.map((column, i) => {
    const equal = columns.slice(0, i).map((prev, j) => sql`${prev.expr} = ${key[j]}`);
    return sql.join([...equal, sql`${column.expr} ${op(column, true)} ${key[i]}`], sql` and `);
  });
  const [first] = columns;
  if (!first) throw new Error('afterKey needs at least one column');
  return sql<SqlBool>`(${first.expr} ${op(first, false)} ${key[0]} and ((${sql.join(
    branches,
    sql`) or (`,
  )})))`;
}
