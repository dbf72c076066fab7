import { describe, expect, it } from '@rstest/core';
import { testUser } from '../../test/render';
import { profileChanges, profileValues, validateProfile } from './profile-values';

const saved = profileValues({ ...testUser, timezone: 'Europe/London' });

describe('validateProfile', () => {
  it('accepts the saved profile', () => {
    expect(validateProfile(saved)).toEqual({});
  });

  it('names each field that needs fixing, with what to do', () => {
    expect(
      validateProfile({
        ...saved,
        first_name: '  ',
        last_name: 'x'.repeat(101),
        username: 'ab!',
        profile_picture: 'javascript:alert(1)',
      }),
    ).toEqual({
      first_name: 'Enter your first name.',
      last_name: 'Keep your last name under 100 characters.',
      username: 'Use only letters, numbers, dots and underscores.',
      profile_picture: 'Enter a web address starting with https://, or leave it empty.',
    });
    expect(validateProfile({ ...saved, username: '' }).username).toBe('Choose a username.');
  });

  it('allows an empty last name and picture', () => {
    expect(validateProfile({ ...saved, last_name: '', profile_picture: '' })).toEqual({});
  });
});

describe('profileChanges', () => {
  it('sends only what changed, trimmed', () => {
    expect(profileChanges(saved, saved)).toEqual({});
    expect(profileChanges({ ...saved, first_name: ' Augusta ', username: 'ada' }, saved)).toEqual({
      first_name: 'Augusta',
    });
  });

  it('clears optional fields with null', () => {
    const withPicture = { ...saved, profile_picture: 'https://img.example/a.png' };
    expect(
      profileChanges({ ...withPicture, last_name: '', profile_picture: ' ' }, withPicture),
    ).toEqual({
      last_name: null,
      profile_picture: null,
    });
    expect(profileChanges({ ...saved, timezone: 'Asia/Tokyo' }, saved)).toEqual({
      timezone: 'Asia/Tokyo',
    });
  });
});
