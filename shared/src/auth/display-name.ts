import type { User } from '../types';

type NameFields = Partial<
  Pick<User, 'first_name' | 'last_name' | 'full_name' | 'username' | 'email'>
>;

function firstPresent(...values: (string | null | undefined)[]): string | undefined {
  for (const value of values) {
    const trimmed = value?.trim();
    if (trimmed) return trimmed;
  }
  return undefined;
}

/** Top bar (docs/product.md §2): full name, else first name, else username, else email. */
export function topBarDisplayName(user: NameFields): string {
  return firstPresent(user.full_name, user.first_name, user.username, user.email) ?? '';
}

/** Auth status context (docs/product.md §3): full name, else username, else email. */
export function statusDisplayName(user: NameFields): string {
  return firstPresent(user.full_name, user.username, user.email) ?? '';
}

/**
 * Avatar initials (docs/product.md §2): first+last name, then first name, then username,
 * then email, and finally "U".
 */
export function avatarInitials(user: NameFields): string {
  const first = user.first_name?.trim();
  const last = user.last_name?.trim();
  if (first && last) return `${initialOf(first)}${initialOf(last)}`;
  const fallback = firstPresent(first, user.username, user.email);
  return fallback ? initialOf(fallback) : 'U';
}

function initialOf(value: string): string {
  // Array.from keeps a surrogate pair (an emoji, a CJK extension) whole.
  return (Array.from(value)[0] ?? '').toUpperCase();
}
