// The health-gated canary (docs/architecture.md §9): while an app runs a canary, compare
// how its canary and live versions load in users' browsers (the host's load
// telemetry, over the last 15 minutes) and roll a failing canary back by
// itself — the registry loses the canary in one atomic write, the history
// says why, and the next page load of every browser in the canary bucket
// resolves the live version. One watcher per deployment: `pnpm start` runs it
// beside the servers however many API instances there are, `pnpm registry
// watch` runs it on its own.
import type { RemoteLoadStats } from '@stride/shared/contract';
import { REMOTE_LOADS } from '@stride/shared/limits';
import { RegistryError, type ReleaseApp } from '@stride/shared/releases';
import { CommandError } from './errors';
import { fetchLoadFigures, figuresOf, formatRate, LOAD_WINDOW_MINUTES } from './load-stats';
import { describe, rollBackCanary } from './registry-actions';
import { appendHistory, loadRegistry, writeRegistry } from './registry-file';
import { type LockOptions, withRegistryLock } from './registry-lock';
import { readRegistry } from './store';

type Env = Record<string, string | undefined>;

/** Who the history names for the watcher's rollbacks. */
export const WATCHER_USER = 'canary-watcher';

export interface CanaryRules {
  /**
   * No verdict before this many browsers loaded the canary (CANARY_MIN_CLIENTS):
   * reports are anonymous, so one browser's, however many, decide nothing.
   */
  minClients: number;
  /** Nor before the canary has this many loads (CANARY_MIN_LOADS). */
  minLoads: number;
  /**
   * A canary failing in a larger share of browsers than this, and than live,
   * rolls back (CANARY_MAX_FAILURE_RATE).
   */
  maxFailureRate: number;
}

export const CANARY_RULES: CanaryRules = {
  minClients: REMOTE_LOADS.canaryMinClients,
  minLoads: 20,
  maxFailureRate: 0.05,
};
/** How often the watcher looks (CANARY_WATCH_SECONDS). */
export const WATCH_SECONDS = 10;

function wholeNumber(env: Env, name: string, fallback: number, min: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) {
    throw new CommandError(`${name} must be a whole number of at least ${min}, got "${value}"`);
  }
  return Number(value);
}

/** `5%` or `0.05`: a share of loads from 0 to 1. */
function failureRate(env: Env): number {
  const value = env.CANARY_MAX_FAILURE_RATE;
  if (value === undefined || value === '') return CANARY_RULES.maxFailureRate;
  const match = /^(\d+(?:\.\d+)?)(%?)$/.exec(value.trim());
  const rate = match ? Number(match[1]) / (match[2] ? 100 : 1) : Number.NaN;
  if (!(rate >= 0 && rate < 1)) {
    throw new CommandError(
      `CANARY_MAX_FAILURE_RATE must be a share below 1 or a percentage below 100 % (5% or 0.05), got "${value}"`,
    );
  }
  return rate;
}

export function canaryRules(env: Env): CanaryRules {
  return {
    minClients: wholeNumber(env, 'CANARY_MIN_CLIENTS', CANARY_RULES.minClients, 1),
    minLoads: wholeNumber(env, 'CANARY_MIN_LOADS', CANARY_RULES.minLoads, 1),
    maxFailureRate: failureRate(env),
  };
}

export function watchIntervalMs(env: Env): number {
  return wholeNumber(env, 'CANARY_WATCH_SECONDS', WATCH_SECONDS, 1) * 1000;
}

export type Verdict = { rollBack: false } | { rollBack: true; reason: string };

/** The share of a version's browsers that failed (0 with none, or from an API that does not count them). */
function browserFailureRate(figures: RemoteLoadStats | null): number {
  const clients = figures?.clients ?? 0;
  return clients > 0 ? (figures?.failing_clients ?? 0) / clients : 0;
}

/**
 * The decision rule: roll back once at least `minClients` browsers loaded the
 * canary, `minLoads` times in all, and it failed in a larger share of them
 * than `maxFailureRate` and than the live version (a live version no browser
 * loaded fails at 0 %). Failing as often as live is not the canary's fault:
 * a CDN or network outage hits both.
 */
export function canaryVerdict(
  canary: RemoteLoadStats | null,
  live: RemoteLoadStats | null,
  rules: CanaryRules,
): Verdict {
  // An API that does not count browsers yet gives no `clients`: no verdict either.
  const clients = canary?.clients ?? 0;
  if (!canary || clients < rules.minClients || canary.loads < rules.minLoads) {
    return { rollBack: false };
  }
  const canaryRate = browserFailureRate(canary);
  const liveRate = browserFailureRate(live);
  if (canaryRate <= rules.maxFailureRate || canaryRate <= liveRate) return { rollBack: false };
  return {
    rollBack: true,
    reason:
      `failed in ${canary.failing_clients} of ${clients} browsers (${formatRate(canaryRate)}; ` +
      `${canary.failures} of ${canary.loads} loads), above the ${formatRate(rules.maxFailureRate)} ` +
      `limit and live's ${formatRate(liveRate)} (${live?.clients ?? 0} browsers) ` +
      `over the last ${LOAD_WINDOW_MINUTES} min`,
  };
}

export interface WatchOptions {
  store: string;
  env: Env;
  log: (line: string) => void;
  fetchImpl?: typeof fetch;
  now?: () => Date;
  /** How long a rollback waits for the store's lock (tests shorten it). */
  lock?: Pick<LockOptions, 'waitMs' | 'staleMs'>;
}

/** One look: rolls back every failing canary; returns the apps it rolled back. */
export async function watchOnce(options: WatchOptions): Promise<ReleaseApp[]> {
  const { store, env, log, fetchImpl = fetch, now = () => new Date() } = options;
  const registry = readRegistry(store);
  const canaries = Object.entries(registry?.apps ?? {}).flatMap(([app, entry]) =>
    entry?.canary
      ? [{ app: app as ReleaseApp, version: entry.canary.version, live: entry.live }]
      : [],
  );
  if (!registry || canaries.length === 0) return [];
  const rules = canaryRules(env);
  const figures = await fetchLoadFigures(registry.apiBase, env, LOAD_WINDOW_MINUTES, fetchImpl);
  if (!figures.available) {
    log(`cannot judge the canaries: ${figures.reason}`);
    return [];
  }
  const rolledBack: ReleaseApp[] = [];
  for (const { app, version, live } of canaries) {
    const verdict = canaryVerdict(
      figuresOf(figures, app, version),
      figuresOf(figures, app, live),
      rules,
    );
    if (!verdict.rollBack) continue;
    try {
      const change = await withRegistryLock(
        store,
        () => {
          const outcome = rollBackCanary(loadRegistry(store, env), app, version);
          writeRegistry(store, outcome.registry);
          appendHistory(store, {
            time: now().toISOString(),
            user: WATCHER_USER,
            ...outcome.change,
            reason: verdict.reason,
          });
          return outcome.change;
        },
        { ...options.lock, onTakeOver: log },
      );
      log(`${describe(change)} (${verdict.reason})`);
      rolledBack.push(app);
    } catch (error) {
      // A person held the lock too long, or changed the canary meanwhile: look again next time.
      if (!(error instanceof CommandError || error instanceof RegistryError)) throw error;
      log(`${app}: canary ${version} not rolled back yet: ${error.message}`);
    }
  }
  return rolledBack;
}

export interface Watcher {
  stop: () => Promise<void>;
}

/**
 * Looks every `CANARY_WATCH_SECONDS` until stopped, one look at a time. A
 * failing look (a broken registry, the API away) is logged and the next one
 * tries again: the watcher never takes the deployment down with it.
 */
export function startCanaryWatcher(options: WatchOptions & { intervalMs?: number }): Watcher {
  const intervalMs = options.intervalMs ?? watchIntervalMs(options.env);
  canaryRules(options.env); // A bad setting fails at start, not at the first canary.
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The same complaint every few seconds is noise: a line the last look said is not said again.
  let lastLine = '';
  let running: Promise<void> = Promise.resolve();
  const look = () => {
    const before = lastLine;
    lastLine = '';
    const sayOnce = (line: string) => {
      if (line !== before) options.log(line);
      lastLine = line;
    };
    running = watchOnce({ ...options, log: sayOnce })
      .then(() => undefined)
      .catch((error: unknown) =>
        sayOnce(`look failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(look, intervalMs);
      });
  };
  timer = setTimeout(look, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
