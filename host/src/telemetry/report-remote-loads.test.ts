import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { REMOTE_LOADS } from '@stride/shared/limits';
import { json, networkError, stubFetch } from '@stride/shared/testing';
import { loadSettled, loadStarted, pageRendered, resetRemoteLoads } from './remote-loads';
import { FLUSH_DELAY_MS, reportRemoteLoads } from './report-remote-loads';
import { TELEMETRY_ID_KEY } from './telemetry-id';

const API = 'http://api.test/api';
let stop: () => void = () => {};

function start() {
  stop = reportRemoteLoads({
    apiBase: API,
    versionOf: (app) => (app === 'remote_goals' ? '0.3.0-20261124.1200-abc1234' : null),
  });
}

function load(id: string, ok = true) {
  loadStarted(id);
  loadSettled(id, !ok);
  if (ok) pageRendered(id);
}

beforeEach(() => {
  localStorage.clear();
  resetRemoteLoads(() => 0);
  rs.useFakeTimers();
});

afterEach(() => {
  stop();
  rs.useRealTimers();
  rs.restoreAllMocks();
});

const bodyOf = (call: { body: string | undefined }) => JSON.parse(call.body ?? '{}');

describe('reportRemoteLoads', () => {
  it('sends loads in one batch a moment after the first, with versions and no cookies', async () => {
    const { calls } = stubFetch(json({ accepted: 2 }, 202));
    const spy = rs.spyOn(globalThis, 'fetch');
    start();
    load('remote_goals/GoalsPage');
    load('remote_tasks/TasksPage', false);
    expect(calls).toHaveLength(0);
    await rs.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`${API}/telemetry/remote-loads/`);
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(bodyOf(calls[0] ?? { body: undefined })).toEqual({
      client: localStorage.getItem(TELEMETRY_ID_KEY),
      loads: [
        {
          app: 'remote_goals',
          version: '0.3.0-20261124.1200-abc1234',
          outcome: 'ok',
          duration_ms: 0,
        },
        { app: 'remote_tasks', version: 'local', outcome: 'error', phase: 'entry', duration_ms: 0 },
      ],
    });
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ credentials: 'omit', keepalive: false });
  });

  it('sends a full batch at once and never more than the API takes', async () => {
    const { calls } = stubFetch(json({}, 202), json({}, 202));
    start();
    for (let i = 0; i <= REMOTE_LOADS.batchMax; i++) load(`remote_goals/Page${i}`);
    expect(calls.length).toBeLessThanOrEqual(1);
    await rs.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(calls.map((call) => bodyOf(call).loads.length)).toEqual([REMOTE_LOADS.batchMax, 1]);
  });

  it('sends what is left with keepalive when the page goes away, loaded-but-unrendered pages as ok', async () => {
    const { calls } = stubFetch(json({}, 202));
    const spy = rs.spyOn(globalThis, 'fetch');
    start();
    loadStarted('remote_goals/GoalsPage');
    loadSettled('remote_goals/GoalsPage', false);
    window.dispatchEvent(new Event('pagehide'));
    await rs.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(bodyOf(calls[0] ?? { body: undefined }).loads[0]).toMatchObject({ outcome: 'ok' });
    expect(spy.mock.calls[0]?.[1]).toMatchObject({ keepalive: true });
  });

  it('drops a batch the network refused, without a retry or an error', async () => {
    const { calls } = stubFetch(networkError());
    start();
    load('remote_goals/GoalsPage');
    await rs.advanceTimersByTimeAsync(FLUSH_DELAY_MS * 5);
    expect(calls).toHaveLength(1);
  });
});
