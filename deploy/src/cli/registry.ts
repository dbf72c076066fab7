// `pnpm registry <command>` (design.md §9): status, promote, rollback,
// canary. Every change is validated, written atomically under the store's
// lock, logged as one history line and printed; a refusal is one line on
// stderr with a non-zero exit, and leaves registry.json byte for byte as it was.
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { RegistryError, type ReleaseApp } from '@stride/shared/releases';
import { parseApp, parseVersion } from '../apps';
import {
  describe,
  type Outcome,
  parsePercent,
  promote,
  rollback,
  startCanary,
  stopCanary,
} from '../commands';
import { CommandError } from '../errors';
import {
  appendHistory,
  currentUser,
  loadRegistry,
  withRegistryLock,
  writeRegistry,
} from '../registry-file';
import { formatStatus, statusReport } from '../status';
import { publishedVersions, releaseStoreDir } from '../store';

type Env = Record<string, string | undefined>;

export const USAGE = `Usage:
  pnpm registry status [--json]
  pnpm registry promote <app> <version>
  pnpm registry rollback <app> [--to <version>]
  pnpm registry canary <app> <version> --percent <1-99>
  pnpm registry canary <app> --stop
Every change takes an optional --reason "<text>", kept in the history.
<app>: host, remote_auth, remote_dashboard, remote_goals, remote_tasks (or the folder name).`;

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const CHANGES = ['promote', 'rollback', 'canary'];

const OPTIONS = {
  json: { type: 'boolean' },
  to: { type: 'string' },
  percent: { type: 'string' },
  stop: { type: 'boolean' },
  reason: { type: 'string' },
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

/** The registry change a command asks for, computed against the current registry. */
function plan(command: string, { values, positionals }: Parsed, store: string, env: Env) {
  const app: ReleaseApp = parseApp(positionals[1]);
  const published = publishedVersions(store, app);
  return (): Outcome => {
    const registry = loadRegistry(store, env);
    switch (command) {
      case 'promote':
        noExtra(positionals, 3);
        return promote(registry, app, parseVersion(positionals[2]), published);
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
        return startCanary(
          registry,
          app,
          parseVersion(positionals[2]),
          parsePercent(values.percent),
          published,
        );
      default:
        throw new CommandError(`unknown command "${command}"`);
    }
  };
}

/** Runs one command; returns the exit code. */
export function runRegistry(argv: string[], env: Env, io: Io, now = () => new Date()): number {
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
      const report = statusReport(store, loadRegistry(store, env));
      io.out(parsed.values.json ? JSON.stringify(report, null, 2) : formatStatus(report));
      return 0;
    }
    if (!CHANGES.includes(command)) {
      throw new CommandError(`unknown command "${command}": use status, ${CHANGES.join(', ')}`);
    }
    const change = plan(command, parsed, store, env);
    const { change: done } = withRegistryLock(store, () => {
      const outcome = change();
      writeRegistry(store, outcome.registry);
      appendHistory(store, {
        time: now().toISOString(),
        user: currentUser(env),
        ...outcome.change,
        ...(parsed.values.reason ? { reason: parsed.values.reason } : {}),
      });
      return outcome;
    });
    io.out(describe(done));
    return 0;
  } catch (error) {
    if (error instanceof CommandError || error instanceof RegistryError) {
      io.err(`registry: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = runRegistry(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}
