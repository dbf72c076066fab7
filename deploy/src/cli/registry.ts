// `pnpm registry <command>` (docs/architecture.md §9): status, promote, rollback,
// canary, withdraw, and watch (the canary watcher on its own). Every change is
// validated, written atomically under the store's lock, logged as one history
// line and printed; a refusal is one line on stderr with a non-zero exit, and
// leaves registry.json byte for byte as it was.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Registry, RegistryError, type ReleaseApp } from '@stride/shared/releases';
import { canaryRules, startCanaryWatcher, watchIntervalMs, watchOnce } from '../canary-watcher';
import { parseApp, parseVersion } from '../command-args';
import { CommandError } from '../errors';
import { checkRelease, describeFinding, type GateReport, neighboursOf, readRecord } from '../gate';
import { fetchLoadFigures } from '../load-stats';
import {
  describe,
  type Outcome,
  parsePercent,
  promote,
  rollback,
  startCanary,
  stopCanary,
  withdraw,
} from '../registry-actions';
import { appendHistory, currentUser, loadRegistry, writeRegistry } from '../registry-file';
import { type LockOptions, withRegistryLock } from '../registry-lock';
import { formatStatus, statusReport } from '../status';
import { publishedVersions, releaseStoreDir } from '../store';

type Env = Record<string, string | undefined>;

/** The gate said no: the registry stays as it was. */
class GateRefusal extends Error {
  constructor(
    change: Outcome['change'],
    readonly problems: string[],
  ) {
    super(
      `${change.action} ${change.app} ${change.to} would break beside the releases it runs with ` +
        `(${problems.length} problem${problems.length === 1 ? '' : 's'}; --force --reason "<why>" overrides):`,
    );
  }
}

export const USAGE = `Usage:
  pnpm registry status [--json]
  pnpm registry promote <app> <version>
  pnpm registry rollback <app> [--to <version>]
  pnpm registry canary <app> <version> --percent <1-99>
  pnpm registry canary <app> --stop
  pnpm registry withdraw <app> <version> --reason "<text>"
  pnpm registry watch [--once]
Every change takes an optional --reason "<text>", kept in the history.
withdraw takes a version with a known defect out of service for good: never live,
canary, rolled back to or loaded by a tester's override again (a live version is
refused: roll back or promote a fix first; a canary ends).
promote and canary refuse a release that would break beside the other apps'
live and canary releases; --force --reason "<why>" overrides, in the history.
status shows how the live and canary versions load in browsers (with METRICS_TOKEN);
watch rolls back a canary that fails in more browsers than CANARY_MAX_FAILURE_RATE (5%)
and than live, once CANARY_MIN_CLIENTS (20) browsers loaded it CANARY_MIN_LOADS (20)
times (pnpm start runs it for you).
<app>: host, remote_auth, remote_dashboard, remote_goals, remote_tasks (or the folder name).`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CHANGES = ['promote', 'rollback', 'canary', 'withdraw'];

/** A --reason is one line for the history and the status table. */
export const REASON_MAX = 500;

const OPTIONS = {
  json: { type: 'boolean' },
  to: { type: 'string' },
  percent: { type: 'string' },
  stop: { type: 'boolean' },
  reason: { type: 'string' },
  force: { type: 'boolean' },
  once: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CommandError(error instanceof Error ? error.message : String(error));
  }
}

type Parsed = ReturnType<typeof parse>;

function noExtra(positionals: string[], count: number): void {
  const extra = positionals.slice(count);
  if (extra.length > 0) throw new CommandError(`unexpected argument "${extra[0]}"`);
}

/** The gate's verdict on running `version` of `app` beside the registry's other releases. */
function gate(store: string, registry: Registry, app: ReleaseApp, version: string): GateReport {
  const read = (other: ReleaseApp, otherVersion: string) => readRecord(store, other, otherVersion);
  return checkRelease(read(app, version), neighboursOf(registry, app, read));
}

type Planned = Outcome & { gate?: GateReport };

/** The registry change a command asks for, computed against the current registry. */
function plan(command: string, { values, positionals }: Parsed, store: string, env: Env) {
  const app: ReleaseApp = parseApp(positionals[1]);
  const published = publishedVersions(store, app);
  return (): Planned => {
    const registry = loadRegistry(store, env);
    switch (command) {
      case 'promote': {
        noExtra(positionals, 3);
        const version = parseVersion(positionals[2]);
        const outcome = promote(registry, app, version, published);
        return { ...outcome, gate: gate(store, registry, app, version) };
      }
      case 'rollback':
        noExtra(positionals, 2);
        return rollback(
          registry,
          app,
          values.to === undefined ? undefined : parseVersion(values.to),
          published,
        );
      case 'canary':
        if (values.stop) {
          if (values.percent !== undefined) throw new CommandError('--stop takes no --percent');
          noExtra(positionals, 2);
          return stopCanary(registry, app);
        }
        noExtra(positionals, 3);
        {
          const version = parseVersion(positionals[2]);
          const outcome = startCanary(
            registry,
            app,
            version,
            parsePercent(values.percent),
            published,
          );
          return { ...outcome, gate: gate(store, registry, app, version) };
        }
      case 'withdraw':
        noExtra(positionals, 3);
        if (!values.reason) {
          throw new CommandError('withdraw needs --reason "<text>": the history says why');
        }
        return withdraw(registry, app, parseVersion(positionals[2]), published);
      default:
        throw new CommandError(`unknown command "${command}"`);
    }
  };
}

export interface Deps {
  now?: () => Date;
  /** How status and the watcher reach the API's load figures. */
  fetch?: typeof fetch;
  /** Ends `watch`; by default Ctrl-C or SIGTERM. */
  stop?: AbortSignal;
  /** How long a change waits for the store's lock, and when a lock is stale (tests shorten them). */
  lock?: Pick<LockOptions, 'waitMs' | 'staleMs'>;
}

function checkReason(reason: string | undefined): void {
  if (reason === undefined) return;
  if (reason.trim() === '' || reason.length > REASON_MAX || /[\p{Cc}]/u.test(reason)) {
    throw new CommandError(
      `--reason must be one line of 1 to ${REASON_MAX} characters, kept in the history`,
    );
  }
}

function processStopSignal(): AbortSignal {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => controller.abort());
  }
  return controller.signal;
}

/** `pnpm registry watch`: the canary watcher in the foreground, or one look with --once. */
async function watch(store: string, env: Env, io: Io, deps: Deps, once: boolean): Promise<number> {
  const options = {
    store,
    env,
    log: (line: string) => io.out(`watch: ${line}`),
    fetchImpl: deps.fetch,
    now: deps.now,
  };
  if (once) {
    await watchOnce(options);
    return 0;
  }
  const { minLoads, maxFailureRate } = canaryRules(env);
  const watcher = startCanaryWatcher(options);
  io.out(
    `watch: looking every ${watchIntervalMs(env) / 1000} s; a canary rolls back after ${minLoads} loads ` +
      `failing more than ${maxFailureRate * 100} % and more than live (Ctrl-C stops)`,
  );
  const stop = deps.stop ?? processStopSignal();
  await new Promise<void>((resolve) => {
    if (stop.aborted) resolve();
    stop.addEventListener('abort', () => resolve(), { once: true });
  });
  await watcher.stop();
  return 0;
}

/** Runs one command; resolves to the exit code. */
export async function runRegistry(
  argv: string[],
  env: Env,
  io: Io,
  deps: Deps = {},
): Promise<number> {
  const now = deps.now ?? (() => new Date());
  try {
    const parsed = parse(argv);
    const [command] = parsed.positionals;
    if (parsed.values.help || !command) {
      io.out(USAGE);
      return command || parsed.values.help ? 0 : 2;
    }
    const store = releaseStoreDir(env);
    if (command === 'status') {
      noExtra(parsed.positionals, 1);
      const registry = loadRegistry(store, env);
      const figures = await fetchLoadFigures(registry.apiBase, env, undefined, deps.fetch);
      const report = statusReport(store, registry, figures);
      io.out(parsed.values.json ? JSON.stringify(report, null, 2) : formatStatus(report));
      return 0;
    }
    if (command === 'watch') {
      noExtra(parsed.positionals, 1);
      return await watch(store, env, io, deps, parsed.values.once ?? false);
    }
    if (!CHANGES.includes(command)) {
      throw new CommandError(
        `unknown command "${command}": use status, ${CHANGES.join(', ')}, watch`,
      );
    }
    const { force, reason } = parsed.values;
    if (force && !reason) throw new CommandError('--force needs a --reason, kept in the history');
    checkReason(reason);
    const change = plan(command, parsed, store, env);
    const lockOptions: LockOptions = {
      ...deps.lock,
      onTakeOver: (line) => io.err(`registry: ${line}`),
    };
    const { change: done, gate: verdict } = await withRegistryLock(
      store,
      () => {
        const outcome = change();
        const problems = (outcome.gate?.problems ?? []).map(describeFinding);
        if (problems.length > 0 && !force) throw new GateRefusal(outcome.change, problems);
        writeRegistry(store, outcome.registry);
        appendHistory(store, {
          time: now().toISOString(),
          user: currentUser(env),
          ...outcome.change,
          ...(reason ? { reason } : {}),
          ...(problems.length > 0 ? { forced: problems } : {}),
        });
        return outcome;
      },
      lockOptions,
    );
    for (const warning of verdict?.warnings ?? []) {
      io.err(`registry: warning: ${describeFinding(warning)}`);
    }
    for (const problem of force ? (verdict?.problems ?? []) : []) {
      io.err(`registry: forced past: ${describeFinding(problem)}`);
    }
    io.out(describe(done));
    return 0;
  } catch (error) {
    if (error instanceof GateRefusal) {
      io.err(`registry: refused: ${error.message}`);
      for (const problem of error.problems) io.err(`  - ${problem}`);
      return 1;
    }
    if (error instanceof CommandError || error instanceof RegistryError) {
      io.err(`registry: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await runRegistry(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
