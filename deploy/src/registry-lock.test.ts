import { existsSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { CommandError } from './errors';
import { findLock, takeOver, withRegistryLock } from './registry-lock';
import { tempStore } from './test-support/store';

/** Writes a lock as a command holding it would; `pid` runs on this host. */
function holdAs(store: string, pid: number, token = crypto.randomUUID()): string {
  const lock = join(store, 'registry.lock');
  writeFileSync(
    lock,
    JSON.stringify({ token, pid, host: hostname(), since: new Date().toISOString() }),
  );
  return lock;
}

/** A pid no process has: above Linux's largest (2^22). */
const ENDED_PID = 2 ** 22 + 1;

function makeOld(path: string): void {
  const old = new Date(Date.now() - 60_000);
  utimesSync(path, old, old);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CommandError);
  return (error as Error).message;
}

describe('the registry lock', () => {
  it('is held while the change runs and gone after it, even when the change throws', async () => {
    const store = tempStore();
    const lock = join(store, 'registry.lock');
    expect(await withRegistryLock(store, () => findLock(lock)?.holder?.pid)).toBe(process.pid);
    expect(existsSync(lock)).toBe(false);
    await expect(
      withRegistryLock(store, () => {
        throw new Error('change failed');
      }),
    ).rejects.toThrow('change failed');
    expect(existsSync(lock)).toBe(false);
  });

  it('waits while another command holds it, then takes its turn', async () => {
    const store = tempStore();
    const lock = holdAs(store, process.pid);
    let releasedAt = 0;
    setTimeout(() => {
      releasedAt = Date.now();
      rmSync(lock);
    }, 200);
    const ranAt = await withRegistryLock(store, () => Date.now(), { waitMs: 5_000 });
    expect(releasedAt).toBeGreaterThan(0);
    expect(ranAt).toBeGreaterThanOrEqual(releasedAt);
  });

  it('gives up after waiting, naming who holds it, and leaves their lock', async () => {
    const store = tempStore();
    const lock = holdAs(store, process.pid);
    const before = readFileSync(lock, 'utf8');
    const message = await refusal(withRegistryLock(store, () => 'never', { waitMs: 100 }));
    expect(message).toMatch(
      new RegExp(
        `^another registry command holds the lock .*registry\\.lock \\(pid ${process.pid} on `,
      ),
    );
    expect(message).toContain('try again in a moment');
    expect(readFileSync(lock, 'utf8')).toBe(before);
  });

  it('never deletes a lock another command holds now (its own was taken over meanwhile)', async () => {
    const store = tempStore();
    const lock = join(store, 'registry.lock');
    const other = crypto.randomUUID();
    await withRegistryLock(store, () => {
      // This command stalled past the stale limit and another one took the lock over.
      holdAs(store, process.pid, other);
    });
    expect(findLock(lock)?.holder?.token).toBe(other);
  });

  it('takes over the lock of a command that ended at once, and an old one by age, saying so once', async () => {
    const ended = tempStore();
    holdAs(ended, ENDED_PID);
    const said: string[] = [];
    const onTakeOver = (line: string) => said.push(line);
    expect(await withRegistryLock(ended, () => 'ran', { waitMs: 0, onTakeOver })).toBe('ran');
    expect(said).toEqual([
      expect.stringMatching(
        `^took over the registry lock of a command that ended \\(pid ${ENDED_PID} on `,
      ),
    ]);

    // A lock of another format (an older command), known only by its age.
    const old = tempStore();
    const lock = join(old, 'registry.lock');
    writeFileSync(lock, '12345\n');
    await refusal(withRegistryLock(old, () => 'too early', { waitMs: 50 }));
    makeOld(lock);
    expect(await withRegistryLock(old, () => 'ran', { waitMs: 0, onTakeOver })).toBe('ran');
    expect(said).toHaveLength(2);
    expect(said[1]).toContain('holder unknown');
  });

  it('a takeover deletes only the stale lock it saw, never one made since', () => {
    const store = tempStore();
    const lock = holdAs(store, ENDED_PID);
    const stale = findLock(lock);
    if (!stale) throw new Error('no lock');
    // Another command took it over first and holds a fresh lock now.
    const fresh = holdAs(store, process.pid);
    expect(takeOver(lock, stale)).toBe(false);
    expect(findLock(fresh)?.holder?.pid).toBe(process.pid);
    // Once is all: the stale lock itself goes, and a second takeover of it finds nothing.
    const again = holdAs(store, ENDED_PID);
    const seen = findLock(again);
    if (!seen) throw new Error('no lock');
    expect(takeOver(again, seen)).toBe(true);
    expect(existsSync(again)).toBe(false);
    expect(takeOver(again, seen)).toBe(false);
  });

  it('leaves a stale lock to the command holding the claim to it, and says which files to delete if it died', async () => {
    const store = tempStore();
    const lock = holdAs(store, ENDED_PID);
    const stale = findLock(lock);
    const claim = `${lock}.${stale?.holder?.token}.takeover`;
    writeFileSync(claim, '');
    const message = await refusal(withRegistryLock(store, () => 'never', { waitMs: 100 }));
    expect(existsSync(lock)).toBe(true);
    expect(message).toBe(
      `the registry lock ${lock} (pid ${ENDED_PID} on ${hostname()}, since ${stale?.holder?.since}) ` +
        `is stale, and the command taking it over died too: delete ${lock} and ${claim}, then try again`,
    );
  });
});
