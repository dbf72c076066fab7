// Registry commands racing in real processes, as two teams (or a team and the
// canary watcher) would: each process loads on its own, then all start at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { runRegistry } from './cli/registry';
import { loadRegistry, readHistory } from './registry-file';
import { ROOT } from './store';
import { publish, tempStore, V1 } from './test-support/store';

const DEPLOY = join(ROOT, 'deploy');
const SUPPORT = join(DEPLOY, 'src', 'test-support');
const RACERS = 8;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(script: string, args: string[], store: string) {
  // Node itself with tsx's loader, not the tsx command: a kill must reach the process holding the lock.
  const child = spawn(process.execPath, ['--import', 'tsx', join(SUPPORT, script), ...args], {
    cwd: DEPLOY,
    env: { ...process.env, RELEASE_DIR: store, STRIDE_RELEASE_USER: 'racer' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ran: Ran = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => {
    ran.stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    ran.stderr += chunk;
  });
  const exited = new Promise<Ran>((resolve) =>
    child.once('close', (code) => resolve({ ...ran, code })),
  );
  return { child, exited, said: (line: string) => saidLine(child, line) };
}

/** Resolves when the child prints `line`; rejects if it exits first. */
function saidLine(child: ChildProcess, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk;
      if (text.split('\n').includes(line)) {
        child.stdout?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('close', (code) => reject(new Error(`exited ${code} before saying "${line}"`)));
  });
}

/** `count` published versions of remote_goals besides V1, which is live. */
async function storeWithVersions(count: number): Promise<{ store: string; versions: string[] }> {
  const store = tempStore();
  const versions = Array.from(
    { length: count },
    (_, i) => `0.1.0-20261125.1000${String(i).padStart(2, '0')}-eeeeeee`,
  );
  for (const version of [V1, ...versions]) publish(store, 'remote_goals', version);
  publish(store, 'host', V1);
  const quiet = { out: () => {}, err: () => {} };
  const env = { RELEASE_DIR: store };
  expect(await runRegistry(['promote', 'host', V1], env, quiet)).toBe(0);
  expect(await runRegistry(['promote', 'remote_goals', V1], env, quiet)).toBe(0);
  return { store, versions };
}

/** Starts one `withdraw` per version, all at the same moment; their results. */
async function race(store: string, versions: string[]): Promise<Ran[]> {
  const racers = versions.map((version) =>
    start('racer.ts', ['withdraw', 'remote_goals', version, '--reason', `bad ${version}`], store),
  );
  await Promise.all(racers.map((racer) => racer.said('ready')));
  for (const racer of racers) racer.child.stdin?.end('go\n');
  return Promise.all(racers.map((racer) => racer.exited));
}

function expectEveryChangeKept(store: string, versions: string[], results: Ran[]): void {
  for (const result of results) {
    expect(result.stderr.replace(/^registry: took over .*\n/m, '')).toBe('');
    expect(result.code).toBe(0);
  }
  expect(new Set(loadRegistry(store, {}).withdrawn?.remote_goals)).toEqual(new Set(versions));
  const withdrawals = readHistory(store, 100).filter((entry) => entry.action === 'withdraw');
  expect(withdrawals.map((entry) => entry.from).sort()).toEqual([...versions].sort());
  // Neither the lock nor a takeover claim nor a temporary file is left behind.
  expect(readdirSync(store).filter((name) => /lock|tmp/.test(name))).toEqual([]);
}

describe('registry commands in racing processes', () => {
  it(`${RACERS} at once: each waits its turn and no change is lost`, async () => {
    const { store, versions } = await storeWithVersions(RACERS);
    const results = await race(store, versions);
    expectEveryChangeKept(store, versions, results);
    expect(results.map((result) => result.stderr).join('')).toBe('');
  }, 120_000);

  it('a lock left by a killed command is taken over exactly once', async () => {
    const { store, versions } = await storeWithVersions(RACERS);
    const holder = start('hold-lock.ts', [store], store);
    await holder.said('held');
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(existsSync(join(store, 'registry.lock'))).toBe(true);

    const results = await race(store, versions);
    expectEveryChangeKept(store, versions, results);
    const takeovers = results.filter((result) => result.stderr.includes('took over'));
    expect(takeovers).toHaveLength(1);
    expect(takeovers[0]?.stderr).toMatch(
      new RegExp(
        `^registry: took over the registry lock of a command that ended \\(pid ${holder.child.pid} on `,
      ),
    );
  }, 120_000);
});
