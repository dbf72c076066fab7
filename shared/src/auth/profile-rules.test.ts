import { describe, expect, it } from '@rstest/core';
import { validatePersonName, validateUsername } from './profile-rules';

describe('validateUsername', () => {
  it.each([
    ['', 'Choose a username.'],
    ['ab', 'Use at least 3 characters.'],
    ['a'.repeat(31), 'Use at most 30 characters.'],
    ['ada lovelace', 'Use only letters, numbers, dots and underscores.'],
    ['ada-l', 'Use only letters, numbers, dots and underscores.'],
  ])('rejects %j', (input, message) => {
    expect(validateUsername(input)).toBe(message);
  });
  it('accepts letters, numbers, dots and underscores, trimmed', () => {
    expect(validateUsername(' Ada_1.x ')).toBeUndefined();
  });
});

describe('validatePersonName', () => {
  it('requires a name unless told otherwise, and caps its length', () => {
    expect(validatePersonName(' ', 'first name')).toBe('Enter your first name.');
    expect(validatePersonName('', 'last name', false)).toBeUndefined();
    expect(validatePersonName('x'.repeat(101), 'last name', false)).toBe(
      'Keep your last name under 100 characters.',
    );
    expect(validatePersonName('Ada', 'first name')).toBeUndefined();
  });
});
