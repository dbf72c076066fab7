import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from '@rstest/core';
import type { RemoteLoadStats } from '@stride/shared/contract';
import {
  CANARY_RULES,
  canaryRules,
  canaryVerdict,
  startCanaryWatcher,
  WATCHER_USER,
  watchOnce,
} from './canary-watcher';
import { promote, startCanary } from './registry-actions';
import { loadRegistry, readHistory, writeRegistry } from './registry-file';
import { figuresApi, stats, TOKEN } from './test-support/load-figures';
import { publish, tempStore, V1, V2, V3 } from './test-support/store';

const rules = CANARY_RULES;
const canary = (loads: number, failures: number, clients = loads) =>
  stats('remote_goals', V2, loads, failures, 180, clients);
const live = (loads: number, failures: number, clients = loads) =>
  stats('remote_goals', V1, loads, failures, 180, clients);

describe('the decision rule', () => {
  it('waits for CANARY_MIN_CLIENTS browsers and CANARY_MIN_LOADS loads, however bad the first ones are', () => {
    expect(canaryVerdict(canary(19, 19), live(50, 0), rules).rollBack).toBe(false);
    expect(canaryVerdict(canary(20, 20), live(50, 0), rules).rollBack).toBe(true);
    expect(canaryVerdict(null, live(50, 0), rules).rollBack).toBe(false);
    // Fifty failed loads from one browser decide nothing; nor do they from nineteen.
    expect(canaryVerdict(canary(50, 50, 1), live(50, 0), rules).rollBack).toBe(false);
    expect(canaryVerdict(canary(50, 50, 19), live(50, 0), rules).rollBack).toBe(false);
    expect(canaryVerdict(canary(50, 50, 20), live(50, 0), rules).rollBack).toBe(true);
  });

  it('judges by the share of browsers that failed, not of loads', () => {
    // Few loads failed, but in most browsers: a canary that breaks for most people.
    const mostBrowsers = { ...canary(400, 20, 20), failing_clients: 15 };
    expect(canaryVerdict(mostBrowsers, live(100, 0), rules).rollBack).toBe(true);
    // Many failed loads, from one browser of forty.
    const oneBrowser = { ...canary(100, 60, 40), failing_clients: 1 };
    expect(canaryVerdict(oneBrowser, live(100, 0), rules).rollBack).toBe(false);
  });

  it('rolls back only above CANARY_MAX_FAILURE_RATE', () => {
    expect(canaryVerdict(canary(100, 5), live(100, 0), rules).rollBack).toBe(false);
    expect(canaryVerdict(canary(100, 6), live(100, 0), rules).rollBack).toBe(true);
  });

  it('rolls back only when the canary fails more often than live', () => {
    expect(canaryVerdict(canary(40, 20), live(40, 20), rules).rollBack).toBe(false);
    expect(canaryVerdict(canary(40, 20), live(40, 30), rules).rollBack).toBe(false);
    expect(canaryVerdict(canary(40, 21), live(40, 20), rules).rollBack).toBe(true);
  });

  it('gives no verdict on figures from an API that does not count browsers', () => {
    const { clients: _, failing_clients: __, ...old } = canary(50, 50);
    expect(canaryVerdict(old as RemoteLoadStats, null, rules).rollBack).toBe(false);
  });

  it('counts a live version with no loads as failing at 0 %, and says why in words', () => {
    const verdict = canaryVerdict(canary(20, 20), null, rules);
    expect(verdict).toEqual({
      rollBack: true,
      reason:
        "failed in 20 of 20 browsers (100 %; 20 of 20 loads), above the 5 % limit and live's 0 % (0 browsers) over the last 15 min",
    });
  });

  it('reads its settings from the environment, and refuses bad ones', () => {
    expect(canaryRules({})).toEqual(CANARY_RULES);
    expect(
      canaryRules({
        CANARY_MIN_CLIENTS: '3',
        CANARY_MIN_LOADS: '5',
        CANARY_MAX_FAILURE_RATE: '10%',
      }),
    ).toEqual({ minClients: 3, minLoads: 5, maxFailureRate: 0.1 });
    expect(canaryRules({ CANARY_MAX_FAILURE_RATE: '0.02' }).maxFailureRate).toBe(0.02);
    for (const bad of [
      { CANARY_MIN_CLIENTS: '0' },
      { CANARY_MIN_LOADS: '0' },
      { CANARY_MIN_LOADS: 'ten' },
      { CANARY_MAX_FAILURE_RATE: '5' },
      { CANARY_MAX_FAILURE_RATE: '150%' },
    ]) {
      expect(() => canaryRules(bad)).toThrow(/CANARY_/);
    }
  });
});

describe('the watcher', () => {
  let store: string;
  const env = () => ({ RELEASE_DIR: store, METRICS_TOKEN: TOKEN });
  const lines: string[] = [];
  const look = (versions: RemoteLoadStats[]) =>
    watchOnce({
      store,
      env: env(),
      log: (line) => lines.push(line),
      fetchImpl: figuresApi(versions).fetch,
      now: () => new Date('2026-11-24T12:00:00Z'),
    });

  beforeEach(() => {
    store = tempStore();
    lines.length = 0;
    for (const version of [V1, V2, V3]) publish(store, 'remote_goals', version);
    const published = [V1, V2, V3];
    let registry = promote(loadRegistry(store, env()), 'remote_goals', V1, published).registry;
    registry = startCanary(registry, 'remote_goals', V2, 50, published).registry;
    writeRegistry(store, registry);
  });

  it('rolls a failing canary back, says why in the history, and leaves live alone', async () => {
    expect(await look([canary(20, 20), live(25, 0)])).toEqual(['remote_goals']);
    const registry = loadRegistry(store, env());
    expect(registry.apps.remote_goals).toEqual({ live: V1, canary: null, previous: [] });
    expect(readHistory(store, 1)).toEqual([
      {
        time: '2026-11-24T12:00:00.000Z',
        user: WATCHER_USER,
        action: 'canary-rollback',
        app: 'remote_goals',
        from: V2,
        to: null,
        reason: expect.stringMatching(/^failed in 20 of 20 browsers \(100 %/),
      },
    ]);
    expect(lines).toEqual([
      expect.stringMatching(
        /canary .* rolled back by the watcher; every browser runs the live version \(failed in 20 of 20/,
      ),
    ]);
  });

  it('leaves a healthy canary, and one with too few loads, running', async () => {
    const before = readFileSync(join(store, 'registry.json'), 'utf8');
    expect(await look([canary(200, 1), live(200, 0)])).toEqual([]);
    expect(await look([canary(19, 19), live(200, 0)])).toEqual([]);
    expect(readFileSync(join(store, 'registry.json'), 'utf8')).toBe(before);
    expect(readHistory(store, 10)).toEqual([]);
  });

  it('judges the canary it read: a canary a person changed meanwhile is left to them', async () => {
    const api = figuresApi([canary(20, 20)]);
    const original = api.fetch;
    const fetchImpl = (async (...args: Parameters<typeof fetch>) => {
      // While the figures are read, a person moves the canary to V3.
      const registry = loadRegistry(store, env());
      writeRegistry(store, startCanary(registry, 'remote_goals', V3, 10, [V1, V2, V3]).registry);
      return original(...args);
    }) as typeof fetch;
    const rolled = await watchOnce({
      store,
      env: env(),
      log: (line) => lines.push(line),
      fetchImpl,
    });
    expect(rolled).toEqual([]);
    expect(loadRegistry(store, env()).apps.remote_goals?.canary).toEqual({
      version: V3,
      percent: 10,
    });
    expect(lines).toEqual([expect.stringMatching(/is no longer the canary/)]);
  });

  it('writes under the commands’ lock: it waits for a command holding it, and gives up with a line', async () => {
    const lock = join(store, 'registry.lock');
    const held = JSON.stringify({
      token: crypto.randomUUID(),
      pid: process.pid,
      host: hostname(),
      since: '2026-11-24T12:00:00.000Z',
    });
    writeFileSync(lock, held);
    const lookWaiting = (waitMs: number) =>
      watchOnce({
        store,
        env: env(),
        log: (line) => lines.push(line),
        fetchImpl: figuresApi([canary(20, 20)]).fetch,
        lock: { waitMs },
      });
    expect(await lookWaiting(50)).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `not rolled back yet: another registry command holds the lock .*pid ${process.pid}`,
        ),
      ),
    ]);
    expect(loadRegistry(store, env()).apps.remote_goals?.canary?.version).toBe(V2);
    expect(readFileSync(lock, 'utf8')).toBe(held);

    setTimeout(() => rmSync(lock), 100);
    expect(await lookWaiting(5_000)).toEqual(['remote_goals']);
    expect(loadRegistry(store, env()).apps.remote_goals?.canary).toBeNull();
  });

  it('says once that it cannot judge without figures, and keeps looking', async () => {
    const watcher = startCanaryWatcher({
      store,
      env: { RELEASE_DIR: store },
      log: (line) => lines.push(line),
      intervalMs: 5,
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await watcher.stop();
    expect(lines).toEqual([expect.stringMatching(/cannot judge the canaries: set METRICS_TOKEN/)]);
    expect(loadRegistry(store, env()).apps.remote_goals?.canary?.version).toBe(V2);
  });

  it('does not ask the API when no canary runs', async () => {
    writeRegistry(
      store,
      promote(loadRegistry(store, env()), 'remote_goals', V2, [V1, V2, V3]).registry,
    );
    const api = figuresApi([]);
    await watchOnce({ store, env: env(), log: (line) => lines.push(line), fetchImpl: api.fetch });
    expect(api.urls).toEqual([]);
  });
});
