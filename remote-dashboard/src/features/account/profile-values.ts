import type { ProfileUpdate, User } from '@stride/shared';

/**
 * The profile form's values, its checks (the API checks the same rules
 * again: names 1–100 characters, usernames 3–30 of a–z 0–9 _ ., an http(s)
 * picture URL) and the PUT body, which carries only what changed.
 */
export interface ProfileValues {
  first_name: string;
  last_name: string;
  username: string;
  profile_picture: string;
  timezone: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

/** The API answers with the user's time zone too; the shared User type leaves it out. */
export type AccountUser = User & { timezone?: string | null };

/** What PUT /auth/update-profile/ takes (time zone included, see design.md §4). */
export type ProfileRequest = ProfileUpdate & { timezone?: string | null };

export const NAME_MAX = 100;
const USERNAME = /^[a-z0-9_.]{3,30}$/i;

export function profileValues(user: AccountUser): ProfileValues {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    username: user.username ?? '',
    profile_picture: user.profile_picture ?? '',
    timezone: user.timezone ?? '',
  };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const first = values.first_name.trim();
  const last = values.last_name.trim();
  const username = values.username.trim();
  const picture = values.profile_picture.trim();
  if (!first) errors.first_name = 'Enter your first name.';
  else if (first.length > NAME_MAX) errors.first_name = `Keep it under ${NAME_MAX} characters.`;
  if (last.length > NAME_MAX) errors.last_name = `Keep it under ${NAME_MAX} characters.`;
  if (!username) errors.username = 'Choose a username.';
  else if (!USERNAME.test(username))
    errors.username = 'Use 3 to 30 letters, numbers, dots or underscores.';
  if (picture && !isHttpUrl(picture))
    errors.profile_picture = 'Enter a web address starting with https://, or leave it empty.';
  return errors;
}

/** The fields that differ from the saved user; empty optional fields clear them (null). */
export function profileChanges(values: ProfileValues, saved: ProfileValues): ProfileRequest {
  const changes: ProfileRequest = {};
  const trimmed = (key: keyof ProfileValues) => values[key].trim();
  if (trimmed('first_name') !== saved.first_name) changes.first_name = trimmed('first_name');
  if (trimmed('last_name') !== saved.last_name) changes.last_name = trimmed('last_name') || null;
  if (trimmed('username') !== saved.username) changes.username = trimmed('username');
  if (trimmed('profile_picture') !== saved.profile_picture)
    changes.profile_picture = trimmed('profile_picture') || null;
  if (values.timezone !== saved.timezone) changes.timezone = values.timezone || null;
  return changes;
}
