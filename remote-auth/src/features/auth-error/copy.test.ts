import { describe, expect, it } from '@rstest/core';
import { describeAuthError } from './copy';

describe('describeAuthError', () => {
  it('explains a cancelled sign-in in plain words', () => {
    expect(describeAuthError('access_denied').title).toBe('Sign-in was cancelled');
  });
  it('has a general message for unknown or missing codes', () => {
    expect(describeAuthError('something_new').title).toBe('Sign-in failed');
    expect(describeAuthError(null).title).toBe('Sign-in failed');
  });
});
