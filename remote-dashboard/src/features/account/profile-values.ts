import {
  type ProfileUpdate,
  type User,
  validatePersonName,
  validateUsername,
} from '@stride/shared';

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

export function profileValues(user: User): ProfileValues {
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
  const picture = values.profile_picture.trim();
  const first_name = validatePersonName(values.first_name, 'first name');
  const last_name = validatePersonName(values.last_name, 'last name', false);
  const username = validateUsername(values.username);
  if (first_name) errors.first_name = first_name;
  if (last_name) errors.last_name = last_name;
  if (username) errors.username = username;
  if (picture && !isHttpUrl(picture))
    errors.profile_picture = 'Enter a web address starting with https://, or leave it empty.';
  return errors;
}

/** The fields that differ from the saved user; empty optional fields clear them (null). */
export function profileChanges(values: ProfileValues, saved: ProfileValues): ProfileUpdate {
  const changes: ProfileUpdate = {};
  const trimmed = (key: keyof ProfileValues) => values[key].trim();
  if (trimmed('first_name') !== saved.first_name) changes.first_name = trimmed('first_name');
  if (trimmed('last_name') !== saved.last_name) changes.last_name = trimmed('last_name') || null;
  if (trimmed('username') !== saved.username) changes.username = trimmed('username');
  if (trimmed('profile_picture') !== saved.profile_picture)
    changes.profile_picture = trimmed('profile_picture') || null;
  if (values.timezone !== saved.timezone) changes.timezone = values.timezone || null;
  return changes;
}
