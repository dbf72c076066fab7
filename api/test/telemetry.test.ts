// Remote-load telemetry (docs/architecture.md §9): the reports browsers send, and the
// figures per version the registry and its canary watcher read. Anonymous
// reports count by browser — a random id with the address — so one browser's
// fifty forged errors are one failing browser and never a rollback, while
// errors from many browsers are; the table stays under its cap through a
// flood, and the figures come from one query over the window.
import { afterEach, describe, expect, it } from '@rstest/core';
import { CANARY_RULES, canaryVerdict, fetchLoadFigures, figuresOf } from '@stride/deploy';
import type { RemoteLoadStats } from '@stride/shared/contract';
import { REMOTE_LOADS } from '@stride/shared/limits';
import { sql } from 'kysely';
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

const CLIENT = 'browser-0123456789abcdef';

function report(
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '203.0.113.7',
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/telemetry/remote-loads/',
    remoteAddress,
    headers: { origin: APP, 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Browser number `n`: an id of its own and, unless told, an address of its own. */
async function reportFrom(n: number, loads: unknown[], address = `198.51.100.${n % 250}`) {
  const res = await report(
    { client: `browser-${String(n).padStart(16, '0')}`, loads },
    {},
    address,
  );
  expect(res.statusCode, res.body).toBe(202);
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
      client: CLIENT,
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
          clients: 1,
          failing_clients: 0,
          loads: 4,
          failures: 1,
          failure_rate: 0.25,
          // Over browsers' average times: this one browser's 100, 300, 200 and 400 ms.
          p75_ms: 250,
        },
        {
          app: 'remote_goals',
          version: 'local',
          clients: 1,
          failing_clients: 0,
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
      [{ loads: [load()], user: 'someone@example.test' }, {}, 400],
      [{ client: 'short', loads: [load()] }, {}, 400],
      [{ client: 'x'.repeat(REMOTE_LOADS.clientIdMax + 1), loads: [load()] }, {}, 400],
      [{ client: 'browser id with spaces!', loads: [load()] }, {}, 400],
      [{ client: 42, loads: [load()] }, {}, 400],
      [{ loads: [load({ phase: 'elsewhere', outcome: 'error' })] }, {}, 400],
      [{ loads: [load({ outcome: 'maybe' })] }, {}, 400],
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

describe('the figures count browsers, not reports', () => {
  const goals = (versions: RemoteLoadStats[], version = load().version) =>
    versions.find((entry) => entry.version === version);

  it('counts a browser once per version, failing when most of its loads failed', async () => {
    await start();
    await reportFrom(
      1,
      Array.from({ length: 50 }, () => load({ outcome: 'error', phase: 'entry' })),
    );
    await reportFrom(2, [load(), load({ outcome: 'error', phase: 'entry' })]);
    await reportFrom(3, [
      load({ outcome: 'error', phase: 'entry' }),
      load({ outcome: 'error', phase: 'entry' }),
      load(),
    ]);
    const figures = goals((await stats()).json().versions);
    expect(figures).toMatchObject({ clients: 3, failing_clients: 2, loads: 55, failures: 53 });
  });

  it('leaves out a browser that reports more loads than a person could', async () => {
    await start();
    const most = 15 * REMOTE_LOADS.clientLoadsPerMinuteMax;
    await reportFrom(
      1,
      Array.from({ length: 50 }, () => load({ outcome: 'error', phase: 'entry' })),
    );
    await reportFrom(
      1,
      Array.from({ length: most - 50 }, () => load({ outcome: 'error', phase: 'entry' })),
    );
    expect(goals((await stats()).json().versions)).toMatchObject({ clients: 1, loads: most });
    await reportFrom(1, [load()]);
    await reportFrom(2, [load({ duration_ms: 90 })]);
    // Only the second browser is left: its load, its time.
    expect(goals((await stats()).json().versions)).toMatchObject({
      clients: 1,
      failing_clients: 0,
      loads: 1,
      p75_ms: 90,
    });
  });

  it('counts one address as a few browsers at most (an IPv6 one by its /64)', async () => {
    await start();
    const most = REMOTE_LOADS.clientsPerAddressMax;
    for (let n = 1; n <= 10; n++) await reportFrom(n, [load()], '203.0.113.50');
    expect(goals((await stats()).json().versions)?.clients).toBe(most);
    for (let n = 11; n <= 20; n++) await reportFrom(n, [load()], `2001:db8:1:2::${n.toString(16)}`);
    expect(goals((await stats()).json().versions)?.clients).toBe(2 * most);
    for (let n = 21; n <= 25; n++) await reportFrom(n, [load()], `2001:db8:1:${n.toString(16)}::1`);
    expect(goals((await stats()).json().versions)?.clients).toBe(2 * most + 5);
    // IPv4 mapped into IPv6 is the IPv4 address.
    await reportFrom(26, [load()], '::ffff:203.0.113.50');
    expect(goals((await stats()).json().versions)?.clients).toBe(2 * most + 5);
  });

  it('counts reports without an id (hosts released before it) by their address', async () => {
    await start();
    await report({ loads: [load(), load()] }, {}, '192.0.2.1');
    await report({ loads: [load()] }, {}, '192.0.2.1');
    await report({ loads: [load()] }, {}, '192.0.2.2');
    expect(goals((await stats()).json().versions)).toMatchObject({ clients: 2, loads: 4 });
  });

  it('TELEMETRY_CLIENTS_PER_ADDRESS: a deployment whose browsers share one address', async () => {
    await start({ TELEMETRY_CLIENTS_PER_ADDRESS: '100' });
    for (let n = 1; n <= 10; n++) await reportFrom(n, [load()], '127.0.0.1');
    expect(goals((await stats()).json().versions)?.clients).toBe(10);
  });
});

describe('the canary watcher on these figures', () => {
  const LIVE = '0.1.0-20261124.090000-1111111';
  const CANARY = '0.1.0-20261124.100000-2222222';

  /** The watcher's own reading of the API and its rule (deploy/src/canary-watcher.ts). */
  async function verdict() {
    const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input));
      const res = await t.app.inject({
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(new Headers(init?.headers)),
      });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const figures = await fetchLoadFigures(
      'http://api.test/api',
      { METRICS_TOKEN: TOKEN },
      15,
      fetchImpl,
    );
    expect(figures.available).toBe(true);
    return canaryVerdict(
      figuresOf(figures, 'remote_goals', CANARY),
      figuresOf(figures, 'remote_goals', LIVE),
      CANARY_RULES,
    );
  }
  const error = () => load({ version: CANARY, outcome: 'error', phase: 'entry' });
  const ok = (version = LIVE) => load({ version });

  it('fifty errors from one browser do not roll the canary back', async () => {
    await start();
    for (let n = 1; n <= 30; n++) await reportFrom(n, [ok()]);
    await reportFrom(99, Array.from({ length: 50 }, error));
    expect(await verdict()).toEqual({ rollBack: false });
  });

  it('errors from enough browsers do, however many "ok" loads other browsers send', async () => {
    await start({ TELEMETRY_RATE_LIMIT_PER_MINUTE: '1000' });
    for (let n = 1; n <= 30; n++) await reportFrom(n, [ok()]);
    for (let n = 1; n < CANARY_RULES.minClients; n++) await reportFrom(100 + n, [error()]);
    expect(await verdict()).toEqual({ rollBack: false });
    // Ten browsers say the canary loads fine, fifty times each (a rate a person could reach):
    // by loads it would fail 4 % of the time, under the limit; by browsers, in most of them.
    for (let n = 200; n < 210; n++) {
      await reportFrom(
        n,
        Array.from({ length: 50 }, () => ok(CANARY)),
      );
    }
    await reportFrom(100 + CANARY_RULES.minClients, [error()]);
    expect(await verdict()).toMatchObject({
      rollBack: true,
      reason: expect.stringMatching(/^failed in 20 of 30 browsers/),
    });
  });
});

describe('a flood', () => {
  it('keeps the table under its cap (TELEMETRY_ROWS_MAX), oldest rows out first', async () => {
    await start({ TELEMETRY_ROWS_MAX: '5000', TELEMETRY_RATE_LIMIT_PER_MINUTE: '100000' });
    const count = async () =>
      Number(
        (
          await t.app.database.db
            .selectFrom('remote_loads')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let most = 0;
    for (let batch = 0; batch < 400; batch++) {
      await reportFrom(
        batch,
        Array.from({ length: 50 }, () => load({ duration_ms: batch })),
      );
      if (batch % 20 === 19) most = Math.max(most, await count());
    }
    expect(most).toBeLessThanOrEqual(5000 + REMOTE_LOADS.rowsCheckEvery);
    await t.app.telemetry.prune();
    expect(await count()).toBe(5000);
    // The newest stayed: the oldest durations are gone.
    const oldest = await t.app.database.db
      .selectFrom('remote_loads')
      .select((eb) => eb.fn.min('duration_ms').as('least'))
      .executeTakeFirstOrThrow();
    expect(Number(oldest.least)).toBe(300);
  });

  it('a full table answers the figures in well under the watcher’s timeout', async () => {
    await start();
    const rows = REMOTE_LOADS.rowsMax;
    const at = now.toISOString();
    // The cap's worth of rows, all inside the window: ten thousand browsers on a thousand addresses.
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows})
      insert into remote_loads (app, version, outcome, phase, duration_ms, client, origin, created_at)
      select 'remote_goals', ${load().version},
        case when i % 7 = 0 then 'error' else 'ok' end, null, i % 5000,
        'client-' || (i % 10000), 'origin-' || (i % 1000), ${at}
      from n
    `.execute(t.app.database.db);
    const started = performance.now();
    const res = await stats();
    const ms = performance.now() - started;
    console.log(`telemetry figures over ${rows} rows: ${ms.toFixed(0)} ms`);
    expect(res.statusCode).toBe(200);
    expect(res.json().versions[0]).toMatchObject({ clients: 3000, loads: 60_000 });
    expect(ms).toBeLessThan(2_000);
  });
});
