import { describe, expect, it } from '@rstest/core';
import { avatarInitials, statusDisplayName, topBarDisplayName } from './display-name';

const full = {
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  last_name: 'Lovelace',
  username: 'ada',
  email: 'ada@example.com',
};

describe('topBarDisplayName', () => {
  it('walks full name → first name → username → email', () => {
    expect(topBarDisplayName(full)).toBe('Ada Lovelace');
    expect(topBarDisplayName({ ...full, full_name: null })).toBe('Ada');
    expect(topBarDisplayName({ ...full, full_name: '', first_name: '  ' })).toBe('ada');
    expect(topBarDisplayName({ email: 'ada@example.com' })).toBe('ada@example.com');
    expect(topBarDisplayName({})).toBe('');
  });
});

describe('statusDisplayName', () => {
  it('skips the first name: full name → username → email', () => {
    expect(statusDisplayName(full)).toBe('Ada Lovelace');
    expect(statusDisplayName({ ...full, full_name: null })).toBe('ada');
    expect(statusDisplayName({ first_name: 'Ada', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    );
  });
});

describe('avatarInitials', () => {
  it('uses first and last name when both exist', () => {
    expect(avatarInitials(full)).toBe('AL');
  });
  it('falls back to first name, username, email, then U', () => {
    expect(avatarInitials({ first_name: 'ada', last_name: null, username: 'zed' })).toBe('A');
    expect(avatarInitials({ last_name: 'Lovelace', username: 'zed' })).toBe('Z');
    expect(avatarInitials({ email: 'mail@example.com' })).toBe('M');
    expect(avatarInitials({})).toBe('U');
    expect(avatarInitials({ first_name: ' ', username: '' })).toBe('U');
  });
  it('keeps a character outside the basic plane whole', () => {
    expect(avatarInitials({ first_name: '𝒜da', last_name: 'Ł' })).toBe('𝒜Ł');
  });
});
