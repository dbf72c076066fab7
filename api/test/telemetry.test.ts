import { afterEach, describe, expect, it } from '@rstest/core';
import { REMOTE_LOADS } from '@stride/shared/limits';
import { p75 } from '../src/plugins/app/telemetry.js';
import { APP, makeApp, type TestApp } from './helpers.js';

const TOKEN = 'telemetry-test-token';
let t: TestApp;
let now = new Date('2026-11-24T12:00:00Z');
afterEach(() => t.close());

const load = (overrides: Record<string, unknown> = {}) => ({
  app: 'remote_goals',
  version: '0.1.0-20261124.100000-abc1234',
  outcome: 'ok',
  duration_ms: 120,
  ...overrides,
});

function report(body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/telemetry/remote-loads/',
    headers: { origin: APP, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function stats(minutes?: number) {
  return t.app.inject({
    url: `/api/telemetry/remote-loads/stats/${minutes ? `?minutes=${minutes}` : ''}`,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
}

async function start(env: Record<string, string> = {}) {
  now = new Date('2026-11-24T12:00:00Z');
  t = await makeApp(undefined, { env: { METRICS_TOKEN: TOKEN, ...env }, clock: () => now });
}

describe('POST /api/telemetry/remote-loads/', () => {
  it('accepts a batch from a signed-out page and counts it per version', async () => {
    await start();
    const res = await report({
      loads: [
        load({ duration_ms: 100 }),
        load({ duration_ms: 300 }),
        load({ duration_ms: 200 }),
        load({ outcome: 'error', phase: 'entry', duration_ms: 400 }),
        load({ version: 'local', duration_ms: 50 }),
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 5 });
    const body = (await stats()).json();
    expect(body).toEqual({
      minutes: 15,
      versions: [
        {
          app: 'remote_goals',
          version: '0.1.0-20261124.100000-abc1234',
          loads: 4,
          failures: 1,
          failure_rate: 0.25,
          p75_ms: 300,
        },
        {
          app: 'remote_goals',
          version: 'local',
          loads: 1,
          failures: 0,
          failure_rate: 0,
          p75_ms: 50,
        },
      ],
    });
  });

  it('counts only the window asked for, and forgets loads after a day', async () => {
    await start();
    await report({ loads: [load()] });
    now = new Date(now.getTime() + 20 * 60_000);
    const second = await report({ loads: [load({ outcome: 'error', phase: 'manifest' })] });
    expect(second.statusCode, second.body).toBe(202);
    const recent = await stats();
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json().versions[0]).toMatchObject({ loads: 1, failures: 1 });
    const hour = await stats(60);
    expect(hour.statusCode, hour.body).toBe(200);
    expect(hour.json().versions[0]).toMatchObject({ loads: 2, failures: 1 });
    now = new Date(now.getTime() + 25 * 3_600_000);
    await t.app.telemetry.prune();
    expect((await stats(24 * 60)).json().versions).toEqual([]);
  });

  it('refuses what is not a small JSON batch of loads, with a JSON error', async () => {
    await start();
    const cases: [unknown, Record<string, string>, number][] = [
      ['{"loads":[]}', {}, 400],
      [{ loads: [load({ app: 'remote_evil' })] }, {}, 400],
      [{ loads: [load({ email: 'someone@example.test' })] }, {}, 400],
      [{ loads: [load({ version: '../../etc' })] }, {}, 400],
      [{ loads: [load({ duration_ms: -1 })] }, {}, 400],
      [{ loads: Array.from({ length: REMOTE_LOADS.batchMax + 1 }, () => load()) }, {}, 400],
      [JSON.stringify({ loads: [load()] }), { 'content-type': 'text/plain' }, 415],
      [{ loads: [load({ version: 'x'.repeat(64) })], pad: 'y'.repeat(17_000) }, {}, 413],
    ];
    for (const [body, headers, status] of cases) {
      const res = await report(body, headers);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json()).toHaveProperty('error');
    }
    expect((await stats()).json().versions).toEqual([]);
  });

  it('limits batches per address (TELEMETRY_RATE_LIMIT_PER_MINUTE)', async () => {
    await start({ TELEMETRY_RATE_LIMIT_PER_MINUTE: '5' });
    for (let i = 0; i < 5; i++) {
      expect((await report({ loads: [load()] })).statusCode).toBe(202);
    }
    const limited = await report({ loads: [load()] });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toHaveProperty('error');
  });

  it('shows the figures to operators only', async () => {
    await start();
    const anonymous = await t.app.inject({ url: '/api/telemetry/remote-loads/stats/' });
    expect(anonymous.statusCode).toBe(401);
    for (const minutes of ['0', '1441', 'abc']) {
      const res = await t.app.inject({
        url: `/api/telemetry/remote-loads/stats/?minutes=${minutes}`,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode, minutes).toBe(400);
    }
    await t.close();
    t = await makeApp(undefined);
    expect((await t.app.inject({ url: '/api/telemetry/remote-loads/stats/' })).statusCode).toBe(
      404,
    );
  });
});

describe('p75', () => {
  it('is the nearest-rank 75th percentile', () => {
    expect(p75([])).toBeNull();
    expect(p75([7])).toBe(7);
    expect(p75([1, 2, 3, 4])).toBe(3);
    expect(p75([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(8);
  });
});
