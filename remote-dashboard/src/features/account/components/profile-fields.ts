import { USERNAME_RULE } from '@stride/shared';
import type { ProfileValues } from '../profile-values';

/**
 * The profile form's fields, in order, with their labels and hints: read by
 * the form and by the outline the panel shows while the form loads, so the
 * two cannot drift apart (and nothing moves when the form arrives).
 */
export const PROFILE_FIELDS = {
  first_name: { label: 'First name' },
  last_name: { label: 'Last name' },
  username: { label: 'Username', hint: USERNAME_RULE },
  profile_picture: { label: 'Profile picture URL', hint: 'Leave empty to show your initials.' },
  timezone: { label: 'Time zone', hint: 'Decides what counts as today and this week.' },
} as const satisfies Record<keyof ProfileValues, { label: string; hint?: string }>;
