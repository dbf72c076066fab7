import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { resetAuthStore, useAuthStore } from '@stride/shared';
import { json, networkError, stubFetch, testUser } from '@stride/shared/testing';
import { initialHealthState } from '../health/health-machine';
import { useHealthStore } from '../health/health-poller';
import { startSessionRecovery } from './session-recovery';

const TIMING = { firstDelayMs: 1_000, maxDelayMs: 4_000, giveUpAfterMs: 60_000 };
const signedIn = { authenticated: true, user: testUser };
const healthy = {
  status: 'healthy',
  checks: { database: { status: 'healthy' }, cache: { status: 'healthy' } },
};

let stop: () => void;
beforeEach(() => {
  rs.useFakeTimers();
  resetAuthStore();
  useHealthStore.setState(initialHealthState);
  window.history.replaceState(null, '', '/tasks?view=today');
  useAuthStore.setState({ user: testUser });
  stop = startSessionRecovery(TIMING);
});
afterEach(() => {
  stop();
  rs.useRealTimers();
  rs.unstubAllGlobals();
});

/** The 30 s check meets an API that is away: the spec's silent clear. */
async function outage() {
  stubFetch(networkError());
  await useAuthStore.getState().checkSession();
}

describe('startSessionRecovery', () => {
  it('remembers the page, asks again less and less often, and brings the user back', async () => {
    await outage();
    expect(useAuthStore.getState()).toMatchObject({
      user: null,
      interruptedAt: '/tasks?view=today',
    });
    const { calls } = stubFetch(networkError(), networkError(), json(signedIn));
    await rs.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await rs.advanceTimersByTimeAsync(1); // 1 s
    await rs.advanceTimersByTimeAsync(2_000); // 2 s later
    expect(calls).toHaveLength(2);
    await rs.advanceTimersByTimeAsync(3_999);
    expect(calls).toHaveLength(2);
    await rs.advanceTimersByTimeAsync(1); // 4 s later
    expect(calls).toHaveLength(3);
    expect(useAuthStore.getState().user?.id).toBe(testUser.id);
    await rs.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
  });

  it('asks at once when the health poller gets an answer', async () => {
    await outage();
    const { calls } = stubFetch(json(signedIn));
    useHealthStore.setState({ consecutiveFailures: 0, warned: false, last: healthy as never });
    await rs.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(useAuthStore.getState().user?.id).toBe(testUser.id);
  });

  it('stops when the session has really ended, leaving the user on /login', async () => {
    await outage();
    const { calls } = stubFetch(json({ authenticated: false, user: null }));
    await rs.advanceTimersByTimeAsync(1_000);
    expect(useAuthStore.getState()).toMatchObject({ user: null, interruptedAt: null });
    await rs.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
  });

  it('gives up after a long outage, and never starts for an expiry or a logout', async () => {
    await outage();
    const { calls } = stubFetch(...Array.from({ length: 40 }, () => networkError()));
    await rs.advanceTimersByTimeAsync(70_000);
    expect(useAuthStore.getState().interruptedAt).toBeNull();
    const asked = calls.length;
    await rs.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(asked);
    // An expiry answers: nothing to wait for.
    useAuthStore.setState({ user: testUser });
    stubFetch(json({ authenticated: false, user: null }));
    await useAuthStore.getState().checkSession();
    expect(useAuthStore.getState().interruptedAt).toBeNull();
  });
});
