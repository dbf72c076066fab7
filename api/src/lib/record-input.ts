// Checks on goal and task input that JSON Schema cannot express: trimmed
// lengths (counted like the forms count them, in UTF-16 units) and the page
// size that arrives as a query string. The numbers are the forms' own
// (shared/src/limits.ts), so the two never disagree.
import { LIMITS } from '@stride/shared/limits';
import { badRequest } from './errors.js';
import { isBlank } from './text.js';

export { LIMITS };

const invalid = (field: string, message: string) =>
  badRequest('invalid_input', 'Some fields are invalid', { [field]: message });

export function title(value: string, field = 'title'): string {
  const trimmed = value.trim();
  if (isBlank(trimmed) || trimmed.length > LIMITS.titleMax) {
    throw invalid(field, `Must be 1 to ${LIMITS.titleMax} characters`);
  }
  return trimmed;
}

/** Optional long text: absent stays absent, blank becomes null. */
export function longText(
  value: string | null | undefined,
  field: string,
  max: number,
): string | null | undefined {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if (trimmed.length > max) throw invalid(field, `Must be at most ${max} characters`);
  return isBlank(trimmed) ? null : trimmed;
}

export function pageSize(raw: string | undefined): number {
  if (raw === undefined) return LIMITS.pageSizeDefault;
  const value = Number(raw);
  if (!/^\d{1,3}$/.test(raw) || value < 1 || value > LIMITS.pageSizeMax) {
    throw invalid('limit', `Must be a whole number from 1 to ${LIMITS.pageSizeMax}`);
  }
  return value;
}
