import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { SESSION_CHECK_INTERVAL_MS } from '../constants';
import { json, stubFetch } from '../test-utils';
import type { User } from '../types';
import { notify } from '../ui/toasts/notify';
import { resetAuthStore, useAuthStore } from './auth-store';
import { startSessionCheck } from './session-check';

const user = { id: 'u1', email: 'a@example.com', onboarding_completed: true } as User;

beforeEach(() => {
  rs.useFakeTimers();
  resetAuthStore();
  rs.spyOn(notify, 'warning').mockReturnValue('');
});

afterEach(() => {
  rs.useRealTimers();
  rs.unstubAllGlobals();
});

describe('startSessionCheck', () => {
  it('checks every 30 s only while signed in, and stops when signed out', async () => {
    const { calls } = stubFetch(
      json({ authenticated: true, user }),
      json({ authenticated: false, user: null }),
    );
    const stop = startSessionCheck();

    await rs.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 2);
    expect(calls).toHaveLength(0); // signed out: no checks

    useAuthStore.setState({ user });
    await rs.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS - 1);
    expect(calls).toHaveLength(0);
    await rs.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);

    await rs.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    expect(calls).toHaveLength(2);
    expect(useAuthStore.getState().user).toBeNull(); // the second check said expired
    expect(notify.warning).toHaveBeenCalledTimes(1);

    await rs.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS * 3);
    expect(calls).toHaveLength(2);
    stop();
  });
});
