/**
 * The rules for a user's names and username, shared by onboarding and the
 * account panel (the API checks the same rules again). Each check returns
 * the message to show under the field, or undefined when the value is fine.
 */
export const NAME_MAX = 100;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
const USERNAME_PATTERN = /^[a-z0-9_.]+$/i;

export function validateUsername(raw: string): string | undefined {
  const username = raw.trim();
  if (!username) return 'Choose a username.';
  if (username.length < USERNAME_MIN) return `Use at least ${USERNAME_MIN} characters.`;
  if (username.length > USERNAME_MAX) return `Use at most ${USERNAME_MAX} characters.`;
  if (!USERNAME_PATTERN.test(username)) return 'Use only letters, numbers, dots and underscores.';
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
