// Checks JSON Schema cannot express: trimmed lengths, time zones, URLs. The
// name and username rules are the forms' own (shared/src/limits.ts).
import { PROFILE_LIMITS, USERNAME_CHARS } from '@stride/shared/limits';
import { badRequest } from './errors.js';
import { isBlank } from './text.js';

const { nameMax, usernameMin, usernameMax } = PROFILE_LIMITS;

/** `value` is trimmed and lower-cased already. */
export function isUsername(value: string): boolean {
  return value.length >= usernameMin && value.length <= usernameMax && USERNAME_CHARS.test(value);
}

export function name(field: string, value: string, max: number = nameMax): string {
  const trimmed = value.trim();
  if (isBlank(trimmed) || trimmed.length > max) {
    throw badRequest('invalid_input', 'Some fields are invalid', {
      [field]: `Must be 1 to ${max} characters`,
    });
  }
  return trimmed;
}

export function username(value: string, field = 'username'): string {
  const normalized = value.trim().toLowerCase();
  if (!isUsername(normalized)) {
    throw badRequest('invalid_input', 'Some fields are invalid', {
      [field]: `Use ${usernameMin} to ${usernameMax} letters, digits, underscores or dots`,
    });
  }
  return normalized;
}

/**
 * A known zone, stored under its canonical name (`eUrOpE/pArIs` → `Europe/Paris`),
 * so the set of zones the server ever sees is the IANA list, not what was typed.
 */
export function timezone(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    throw badRequest('invalid_input', 'Some fields are invalid', { timezone: 'Unknown time zone' });
  }
}

export function pictureUrl(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined) return value;
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {}
  throw badRequest('invalid_input', 'Some fields are invalid', {
    profile_picture: 'Must be an http(s) URL',
  });
}

export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || code === '23505');
}
