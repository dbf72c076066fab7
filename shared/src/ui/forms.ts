import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { fieldErrorsFrom } from '../api/api-error';

/**
 * Every form is a react-hook-form form (shared as a federation singleton):
 * its state, its checks (`validate` per field, the same rules the API
 * applies), and focus on the first invalid field. What the API refuses comes
 * back through here: its field messages under the form's fields, the first
 * one focused. True when there was one to show (the form then says
 * COPY.fixFields above them).
 */
export function showServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
  names: Partial<Record<string, Path<T>>> = {},
): boolean {
  const found = Object.entries(fieldErrorsFrom(error, fields, names)) as [Path<T>, string][];
  found.forEach(([field, message], index) => {
    setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return found.length > 0;
}

/** A `validate` rule from a check that answers with a message, or nothing when the value is fine. */
export const rule =
  <V>(check: (value: V) => string | undefined) =>
  (value: V): string | true =>
    check(value) ?? true;

/**
 * A react-hook-form resolver from a check of the whole form (one that sees
 * several fields at once, e.g. a date allowed only if it was already saved).
 */
export function resolverFrom<T extends FieldValues>(
  check: (values: T) => Partial<Record<keyof T, string | undefined>>,
): Resolver<T> {
  return async (values) => {
    const errors = Object.fromEntries(
      Object.entries(check(values))
        .filter(([, message]) => message)
        .map(([field, message]) => [field, { type: 'validate', message }]),
    ) as FieldErrors<T>;
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
