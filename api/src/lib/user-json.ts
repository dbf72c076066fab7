// The one place a users row becomes the User JSON of docs/architecture.md §4.
import type { User } from '@stride/shared/contract';
import type { UserRow } from '../db/schema.js';

export function toUserJson(row: UserRow): User {
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return {
    id: row.id,
    email: row.email || null,
    username: row.username || null,
    first_name: row.first_name || null,
    last_name: row.last_name || null,
    full_name: fullName === '' ? null : fullName,
    profile_picture: row.profile_picture || null,
    timezone: row.timezone || null,
    onboarding_completed: row.onboarding_completed === 1,
    created_at: row.created_at,
  };
}
