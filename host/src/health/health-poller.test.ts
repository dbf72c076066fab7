import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { HEALTH_POLL_INTERVAL_MS, MESSAGES, notify } from '@stride/shared';
import { json, networkError, stubFetch } from '@stride/shared/testing';
import { initialHealthState } from './health-machine';
import { startHealthPolling, useHealthStore } from './health-poller';

const unhealthy = {
  status: 'unhealthy',
  checks: { database: { status: 'unhealthy' }, cache: { status: 'healthy' } },
};
const healthy = {
  status: 'healthy',
  checks: { database: { status: 'healthy' }, cache: { status: 'healthy' } },
};

beforeEach(() => {
  rs.useFakeTimers();
  useHealthStore.setState(initialHealthState);
  rs.spyOn(notify, 'error').mockReturnValue('');
  rs.spyOn(notify, 'dismiss').mockImplementation(() => {});
});

afterEach(() => {
  rs.useRealTimers();
  rs.unstubAllGlobals();
  rs.restoreAllMocks();
});

describe('startHealthPolling', () => {
  it('checks at once and then every 5 minutes; warns once at 5 failures; re-arms after recovery', async () => {
    const { calls } = stubFetch(
      ...Array.from({ length: 6 }, () => json(unhealthy, 503)),
      json(healthy),
      ...Array.from({ length: 5 }, () => networkError()),
    );
    const stop = startHealthPolling();
    await rs.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await rs.advanceTimersByTimeAsync(HEALTH_POLL_INTERVAL_MS - 1);
    expect(calls).toHaveLength(1);
    await rs.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);

    await rs.advanceTimersByTimeAsync(HEALTH_POLL_INTERVAL_MS * 4); // 6 unhealthy answers in all
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith(
      MESSAGES.healthServicesIssues,
      expect.objectContaining({ id: 'health-warning' }),
    );

    await rs.advanceTimersByTimeAsync(HEALTH_POLL_INTERVAL_MS); // recovery
    expect(useHealthStore.getState()).toMatchObject({ consecutiveFailures: 0, warned: false });
    expect(notify.dismiss).toHaveBeenCalledWith('health-warning');

    await rs.advanceTimersByTimeAsync(HEALTH_POLL_INTERVAL_MS * 5); // 5 unreachable
    expect(notify.error).toHaveBeenCalledTimes(2);
    expect(notify.error).toHaveBeenLastCalledWith(MESSAGES.healthUnreachable, expect.anything());
    stop();
  });

  it('asks nothing and counts nothing while the browser is offline', async () => {
    const { calls } = stubFetch(...Array.from({ length: 8 }, () => networkError()));
    rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const stop = startHealthPolling();
    await rs.advanceTimersByTimeAsync(HEALTH_POLL_INTERVAL_MS * 6);
    expect(calls).toHaveLength(0);
    expect(useHealthStore.getState().consecutiveFailures).toBe(0);
    expect(notify.error).not.toHaveBeenCalled();
    stop();
  });
});
