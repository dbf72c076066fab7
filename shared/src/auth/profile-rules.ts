/**
 * The rules for a user's names and username, shared by onboarding and the
 * account panel (the API checks the same rules again). Each check returns
 * the message to show under the field, or undefined when the value is fine.
 */
import { PROFILE_LIMITS, USERNAME_CHARS } from '../limits';

export const NAME_MAX = PROFILE_LIMITS.nameMax;
export const USERNAME_MIN = PROFILE_LIMITS.usernameMin;
export const USERNAME_MAX = PROFILE_LIMITS.usernameMax;

/** Under the username field until the user types: the rule in words. */
export const USERNAME_RULE = `${USERNAME_MIN}–${USERNAME_MAX} letters, numbers, dots or underscores.`;

export function validateUsername(raw: string): string | undefined {
  const username = raw.trim();
  if (!username) return 'Choose a username.';
  if (username.length < USERNAME_MIN) return `Use at least ${USERNAME_MIN} characters.`;
  if (username.length > USERNAME_MAX) return `Use at most ${USERNAME_MAX} characters.`;
  if (!USERNAME_CHARS.test(username)) return 'Use only letters, numbers, dots and underscores.';
  return undefined;
}

/** `label` reads in the message: "Enter your first name." */
export function validatePersonName(
  raw: string,
  label: string,
  required = true,
): string | undefined {
  const name = raw.trim();
  if (!name) return required ? `Enter your ${label}.` : undefined;
  if (name.length > NAME_MAX) return `Keep your ${label} under ${NAME_MAX} characters.`;
  return undefined;
}
