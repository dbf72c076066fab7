// Reading and writing the registry file and its history log. A write is
// validated first, then lands whole and durably: the new document is written
// to a temporary file and flushed to disk, renamed over registry.json, and
// the folder is flushed so the rename itself survives a crash; a reader —
// the app origin, a CDN — never sees half a document, and a power cut never
// leaves an empty one. Commands write only under the store's lock
// (registry-lock.ts), so two teams promoting at once cannot lose either change.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { parseRegistry, type Registry } from '@stride/shared/releases';
import { localAppConfig, releaseBase } from '@stride/shared/topology';
import { readRegistry, registryPath, STORE_FILES } from './store';

type Env = Record<string, string | undefined>;

/** The file system calls a durable write makes, replaceable so a test can watch their order. */
export interface DurableFs {
  openSync: (path: string, flags: string) => number;
  writeSync: (fd: number, text: string) => number;
  fsyncSync: (fd: number) => void;
  closeSync: (fd: number) => void;
  renameSync: (from: string, to: string) => void;
}

const NODE_FS: DurableFs = { openSync, writeSync, fsyncSync, closeSync, renameSync };

/** Writes `text` to an open file and flushes it to disk. */
function writeAndFlush(fs: DurableFs, path: string, flags: string, text: string): void {
  const fd = fs.openSync(path, flags);
  try {
    fs.writeSync(fd, text);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Where a folder cannot be opened or flushed (Windows; some network file
 * systems): the file system orders its renames itself, and the change has
 * landed, so it is not reported as failed.
 */
const FOLDER_FLUSH_UNSUPPORTED = new Set(['EISDIR', 'EPERM', 'EACCES', 'EINVAL', 'ENOTSUP']);

function unsupported(error: unknown): boolean {
  return FOLDER_FLUSH_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '');
}

/** Flushes a folder, so the names just created or renamed in it are on disk. */
function flushFolder(fs: DurableFs, folder: string): void {
  let fd: number;
  try {
    fd = fs.openSync(folder, 'r');
  } catch (error) {
    if (unsupported(error)) return;
    throw error;
  }
  try {
    fs.fsyncSync(fd);
  } catch (error) {
    if (!unsupported(error)) throw error;
  } finally {
    fs.closeSync(fd);
  }
}

/** Replaces `path` with `text` in one rename, flushing the file before and the folder after. */
export function replaceFileDurably(path: string, text: string, fs: DurableFs = NODE_FS): void {
  const temporary = join(dirname(path), `.${STORE_FILES.registry}.${process.pid}.tmp`);
  try {
    writeAndFlush(fs, temporary, 'w', text);
  } catch (error) {
    rmSync(temporary, { force: true }); // A full disk leaves no half file behind.
    throw error;
  }
  fs.renameSync(temporary, path);
  flushFolder(fs, dirname(path));
}

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

/** Validates, then replaces the registry in one durable rename. Call it holding the lock. */
export function writeRegistry(store: string, registry: Registry, fs: DurableFs = NODE_FS): void {
  const document = `${JSON.stringify(parseRegistry(registry), null, 2)}\n`;
  mkdirSync(store, { recursive: true });
  replaceFileDurably(registryPath(store), document, fs);
}

export interface HistoryEntry {
  time: string;
  user: string;
  /**
   * `canary-rollback`: the canary watcher ended a failing canary (canary-watcher.ts);
   * `withdraw`: `from` was withdrawn for a defect (the reason says which).
   */
  action: 'promote' | 'rollback' | 'canary' | 'canary-stop' | 'canary-rollback' | 'withdraw';
  app: string;
  from: string | null;
  to: string | null;
  /** The canary's share of browsers after the change, for canary actions. */
  percent?: number;
  reason?: string;
  /** A withdrawal that ended the canary (the withdrawn version was the canary). */
  endedCanary?: boolean;
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

/** Appends one line, flushed to disk like the registry change it records. */
export function appendHistory(store: string, entry: HistoryEntry): void {
  const file = join(store, STORE_FILES.history);
  const created = !existsSync(file);
  writeAndFlush(NODE_FS, file, 'a', `${JSON.stringify(entry)}\n`);
  if (created) flushFolder(NODE_FS, store);
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
