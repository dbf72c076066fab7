import { afterEach, describe, expect, it } from '@rstest/core';
import { ApiError } from '../api/api-error';
import { resetAuthStore, useAuthStore } from '../auth/auth-store';
import type { User } from '../types';
import { clearDataWhenUserChanges } from './clear-on-user-change';
import { queryClient } from './query-client';
import { queryKeys } from './query-keys';
import { toQueryString } from './query-string';
import { versionConflict } from './version-conflict';

afterEach(() => {
  resetAuthStore();
  queryClient.clear();
});

describe('toQueryString', () => {
  it('leaves out empty values and encodes the rest', () => {
    expect(toQueryString({ status: 'todo', q: 'a&b', goal_id: undefined, cursor: '' })).toBe(
      '?status=todo&q=a%26b',
    );
    expect(toQueryString({})).toBe('');
  });
});

describe('versionConflict', () => {
  it('returns the current record of a 409 version conflict', () => {
    const error = new ApiError('http', 'conflict', {
      status: 409,
      body: {
        error: 'Changed elsewhere',
        code: 'version_conflict',
        current: { id: 't1', version: 3 },
      },
    });
    expect(versionConflict(error)).toEqual({ id: 't1', version: 3 });
  });
  it('ignores every other error', () => {
    expect(
      versionConflict(
        new ApiError('http', 'x', {
          status: 409,
          body: { error: 'taken', code: 'username_taken' },
        }),
      ),
    ).toBeNull();
    expect(versionConflict(new Error('x'))).toBeNull();
  });
});

describe('clearDataWhenUserChanges', () => {
  it('drops cached data when the user signs out or changes, not on a profile edit', () => {
    const stop = clearDataWhenUserChanges();
    const ada = { id: 'u1', onboarding_completed: true } as User;
    useAuthStore.setState({ user: ada });
    queryClient.setQueryData(queryKeys.dashboard, { cached: true });
    useAuthStore.setState({ user: { ...ada, first_name: 'Ada' } });
    expect(queryClient.getQueryData(queryKeys.dashboard)).toEqual({ cached: true });
    useAuthStore.setState({ user: null });
    expect(queryClient.getQueryData(queryKeys.dashboard)).toBeUndefined();
    stop();
  });
});
