// The store's lock: one registry command (or the canary watcher) at a time.
//
// `registry.lock` is created exclusively and names its holder (a token, pid,
// host, time). A lock is stale when its holder's process has ended (same
// host) or it is older than STALE_LOCK_MS. Taking a stale lock over is the
// step where lock files usually go wrong: two commands that both saw the same
// stale lock would both delete it, and the slower one would delete the fresh
// lock the faster one had just made. Here a takeover first creates a claim
// named after the stale lock's token, which only one command can create; it
// re-reads the lock under that claim and deletes it only if it is still the
// stale one. So each stale lock is taken over exactly once, and a command
// only ever deletes the lock it holds (its own token) or a stale one.
import { randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CommandError } from './errors';
import { STORE_FILES } from './store';

/** A lock this old was left by a command that hung or died on another machine; it is taken over. */
export const STALE_LOCK_MS = 30_000;
/** How long a command waits for another one to finish before it gives up and says so. */
export const LOCK_WAIT_MS = 10_000;
/** Between two looks at a held lock: short, and spread so waiting commands do not move in step. */
const RETRY_MS = { min: 10, spread: 40 } as const;

interface Holder {
  token: string;
  pid: number;
  host: string;
  since: string;
}

/** A lock as found: its holder (null when unreadable: an old-style or half-written lock) and age. */
export interface Found {
  holder: Holder | null;
  /** Names this lock and no other: the holder's token, else the file's inode and mtime. */
  identity: string;
  mtimeMs: number;
}

export interface LockOptions {
  waitMs?: number;
  staleMs?: number;
  now?: () => number;
  /** Told once when this command deleted a stale lock, to say so to the person running it. */
  onTakeOver?: (line: string) => void;
}

function isHolder(value: unknown): value is Holder {
  const holder = value as Holder | null;
  return (
    typeof holder === 'object' &&
    holder !== null &&
    typeof holder.token === 'string' &&
    /^[0-9a-f-]{36}$/.test(holder.token) &&
    Number.isInteger(holder.pid) &&
    typeof holder.host === 'string' &&
    typeof holder.since === 'string'
  );
}

/** The lock as it is now, or null when there is none (exported for the tests). */
export function findLock(lock: string): Found | null {
  try {
    const stat = statSync(lock, { bigint: true });
    let holder: Holder | null = null;
    try {
      const value: unknown = JSON.parse(readFileSync(lock, 'utf8'));
      holder = isHolder(value) ? value : null;
    } catch {
      // Empty (its command is writing it, or died doing so) or not ours: judged by age alone.
    }
    return {
      holder,
      identity: holder?.token ?? `${stat.ino}-${stat.mtimeNs}`,
      mtimeMs: Number(stat.mtimeMs),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function processEnded(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function isStale(found: Found, staleMs: number, now: number): boolean {
  const { holder } = found;
  if (holder && holder.host === hostname() && processEnded(holder.pid)) return true;
  return now - found.mtimeMs > staleMs;
}

/** Creates the lock for `holder`; false when another lock is there. */
function tryCreate(lock: string, holder: Holder): boolean {
  let fd: number;
  try {
    fd = openSync(lock, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${JSON.stringify(holder)}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function claimPath(lock: string, stale: Found): string {
  return `${lock}.${stale.identity}.takeover`;
}

/**
 * Deletes the stale lock `stale`, unless another command holds the claim to
 * it or it is gone; true when this command deleted it (exported for the tests).
 */
export function takeOver(lock: string, stale: Found): boolean {
  const claim = claimPath(lock, stale);
  let fd: number;
  try {
    fd = openSync(claim, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    // Under the claim no other takeover touches this lock; re-read it, as it may be gone already.
    if (findLock(lock)?.identity !== stale.identity) return false;
    rmSync(lock);
    return true;
  } finally {
    closeSync(fd);
    rmSync(claim, { force: true });
  }
}

function describeHolder(found: Found): string {
  const { holder } = found;
  return holder ? `pid ${holder.pid} on ${holder.host}, since ${holder.since}` : 'holder unknown';
}

function busyMessage(lock: string, found: Found | null, stale: boolean): string {
  if (!found) return `the registry lock ${lock} is busy; try again in a moment`;
  if (stale && existsSync(claimPath(lock, found))) {
    return (
      `the registry lock ${lock} (${describeHolder(found)}) is stale, and the command taking it ` +
      `over died too: delete ${lock} and ${claimPath(lock, found)}, then try again`
    );
  }
  return `another registry command holds the lock ${lock} (${describeHolder(found)}); try again in a moment`;
}

/** Waits for the lock, taking a stale one over; the token of the lock now held. */
async function acquire(lock: string, options: LockOptions): Promise<string> {
  const { waitMs = LOCK_WAIT_MS, staleMs = STALE_LOCK_MS, now = Date.now } = options;
  const holder: Holder = {
    token: randomUUID(),
    pid: process.pid,
    host: hostname(),
    since: new Date(now()).toISOString(),
  };
  const deadline = now() + waitMs;
  for (;;) {
    if (tryCreate(lock, holder)) return holder.token;
    const found = findLock(lock);
    const stale = found !== null && isStale(found, staleMs, now());
    if (found && stale && takeOver(lock, found)) {
      options.onTakeOver?.(
        `took over the registry lock of a command that ended (${describeHolder(found)})`,
      );
      continue;
    }
    if (now() >= deadline) throw new CommandError(busyMessage(lock, found, stale));
    // Gone between the two looks (released): try again at once.
    if (found) await sleep(RETRY_MS.min + Math.random() * RETRY_MS.spread);
  }
}

/** Deletes the lock if it is still the one `token` holds (a lock taken over is not ours any more). */
function release(lock: string, token: string): void {
  if (findLock(lock)?.identity === token) rmSync(lock, { force: true });
}

/**
 * Runs `change` holding the store's lock. A command that finds the lock held
 * waits up to `LOCK_WAIT_MS` for it, then gives up with one clear line.
 */
export async function withRegistryLock<T>(
  store: string,
  change: () => T,
  options: LockOptions = {},
): Promise<T> {
  mkdirSync(store, { recursive: true });
  const lock = join(store, STORE_FILES.lock);
  const token = await acquire(lock, options);
  try {
    return change();
  } finally {
    release(lock, token);
  }
}
