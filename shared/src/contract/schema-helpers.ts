import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { LIMITS } from '../limits';

/**
 * `T` or null, written as JSON Schema's `type: [T, 'null']` rather than
 * TypeBox's anyOf: the API's serializer (fast-json-stringify) would resolve an
 * anyOf by validating every answer, and validation errors stay one per field.
 */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/**
 * A calendar date, `YYYY-MM-DD` (a real one: 2023-02-29 is refused), within
 * LIMITS.dateMin and LIMITS.dateMax (ajv-formats' formatMinimum/Maximum).
 */
export const IsoDate = Type.String({
  format: 'date',
  maxLength: 10,
  formatMinimum: LIMITS.dateMin,
  formatMaximum: LIMITS.dateMax,
});

/** One page of a list; pass `next_cursor` back as `cursor` for the next one. */
export const PageOf = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), next_cursor: Nullable(Type.String()) });

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const LimitParam = Type.String({
  pattern: '^[0-9]{1,3}$',
  description: `Page size, 1 to ${LIMITS.pageSizeMax} (default ${LIMITS.pageSizeDefault})`,
});

export const CursorParam = Type.String({
  maxLength: 512,
  description: 'next_cursor of the previous page; opaque',
});

/** One of `values`, as `{ type: 'string', enum }` (TypeBox's union of literals would be an anyOf). */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: values, ...options });

/** A reference to a schema registered by its `$id` (the API adds them; OpenAPI names them). */
export const RefTo = <T extends TSchema & { $id?: string }>(schema: T) =>
  Type.Unsafe<Static<T>>(Type.Ref(schema.$id ?? ''));
