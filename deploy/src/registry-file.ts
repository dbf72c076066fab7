// Reading and writing the registry file and its history log. A write is
// validated first, then lands whole (temporary file + rename, so a reader —
// the app origin, a CDN — never sees half a document); one command at a time
// holds the lock, so two teams promoting at once cannot lose either change.
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { localAppConfig, releaseBase } from '@stride/shared/federation/apps';
import { parseRegistry, type Registry } from '@stride/shared/releases';
import { CommandError } from './errors';
import { readRegistry, registryPath, STORE_FILES } from './store';

type Env = Record<string, string | undefined>;

/** A lock older than this was left by a command that died; the next one takes it over. */
export const STALE_LOCK_MS = 30_000;

/** The stored registry, or an empty one for a new store (this machine's API and store URLs). */
export function loadRegistry(store: string, env: Env): Registry {
  return (
    readRegistry(store) ?? {
      apiBase: localAppConfig(env).apiBase,
      releaseBase: releaseBase(env),
      apps: {},
    }
  );
}

/** Validates, then replaces the registry in one rename. */
export function writeRegistry(store: string, registry: Registry): void {
  const document = `${JSON.stringify(parseRegistry(registry), null, 2)}\n`;
  mkdirSync(store, { recursive: true });
  const temporary = join(store, `.${STORE_FILES.registry}.${process.pid}.tmp`);
  writeFileSync(temporary, document);
  renameSync(temporary, registryPath(store));
}

/** Runs `change` holding the store's lock; a second command waits for nobody and says so. */
export function withRegistryLock<T>(store: string, change: () => T, now = Date.now): T {
  mkdirSync(store, { recursive: true });
  const lock = join(store, STORE_FILES.lock);
  let fd: number;
  try {
    fd = openSync(lock, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (now() - statSync(lock).mtimeMs < STALE_LOCK_MS) {
      throw new CommandError(
        `another registry command is running (${lock}); try again in a moment`,
      );
    }
    rmSync(lock, { force: true });
    fd = openSync(lock, 'wx');
  }
  try {
    writeFileSync(fd, `${process.pid}\n`);
    return change();
  } finally {
    closeSync(fd);
    rmSync(lock, { force: true });
  }
}

export interface HistoryEntry {
  time: string;
  user: string;
  /** `canary-rollback`: the canary watcher ended a failing canary (canary-watcher.ts). */
  action: 'promote' | 'rollback' | 'canary' | 'canary-stop' | 'canary-rollback';
  app: string;
  from: string | null;
  to: string | null;
  /** The canary's share of browsers after the change, for canary actions. */
  percent?: number;
  reason?: string;
  /** The gate's refusals that `--force` overrode (the reason says why). */
  forced?: string[];
}

/** Who ran the command: `STRIDE_RELEASE_USER` (a CI job names itself), else the OS user. */
export function currentUser(env: Env): string {
  if (env.STRIDE_RELEASE_USER) return env.STRIDE_RELEASE_USER;
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

export function appendHistory(store: string, entry: HistoryEntry): void {
  appendFileSync(join(store, STORE_FILES.history), `${JSON.stringify(entry)}\n`);
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  const entry = value as HistoryEntry | null;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.time === 'string' &&
    typeof entry.action === 'string' &&
    typeof entry.app === 'string'
  );
}

/** The last `limit` history entries, oldest first; a line that is not an entry is skipped. */
export function readHistory(store: string, limit: number): HistoryEntry[] {
  const file = join(store, STORE_FILES.history);
  if (!existsSync(file)) return [];
  const entries: HistoryEntry[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    try {
      const value: unknown = JSON.parse(line);
      if (isHistoryEntry(value)) entries.push(value);
    } catch {
      // An empty or torn line: history is for people, the registry is the truth.
    }
  }
  return entries.slice(-limit);
}
