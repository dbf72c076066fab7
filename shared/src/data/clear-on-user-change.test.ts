import { afterEach, describe, expect, it } from '@rstest/core';
import { useAuthStore } from '../auth/auth-store';
import { testTask, testUser } from '../test-utils/fixtures';
import { clearDataWhenUserChanges } from './clear-on-user-change';
import { confirm, confirmedRecord } from './hooks/tasks/task-write-queue';
import { queryClient } from './query-client';

let stop = () => {};
afterEach(() => {
  stop();
  useAuthStore.setState({ user: null });
});

describe('clearDataWhenUserChanges', () => {
  it('forgets the previous user’s cached data and task writes when another user signs in', () => {
    useAuthStore.setState({ user: { ...testUser, id: 'ann' } });
    stop = clearDataWhenUserChanges();
    queryClient.setQueryData(['tasks', 'list'], { items: [testTask('t1')] });
    confirm('t1', testTask('t1', { title: 'Ann’s secret' }));

    useAuthStore.setState({ user: { ...testUser, id: 'ann' } }); // the same user, refreshed: kept
    expect(confirmedRecord('t1')?.title).toBe('Ann’s secret');

    useAuthStore.setState({ user: { ...testUser, id: 'bob' } });
    expect(queryClient.getQueryData(['tasks', 'list'])).toBeUndefined();
    expect(confirmedRecord('t1')).toBeUndefined();
  });

  it('keeps what the page asked for before the first user was known (a page sent as HTML)', () => {
    useAuthStore.setState({ user: null });
    stop = clearDataWhenUserChanges();
    const answer = { items: [testTask('t1')] };
    queryClient.setQueryData(['tasks', 'list'], answer);
    useAuthStore.setState({ user: { ...testUser, id: 'ann' } });
    expect(queryClient.getQueryData(['tasks', 'list'])).toBe(answer);
    // Signing out forgets it.
    useAuthStore.setState({ user: null });
    expect(queryClient.getQueryData(['tasks', 'list'])).toBeUndefined();
  });
});
