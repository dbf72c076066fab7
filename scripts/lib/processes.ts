// Child processes of the local deployments (`pnpm start`, `pnpm start:scaled`,
// the e2e setup): each in a process group of its own, so a stop reaches every
// process it started (pnpm → node, nginx's workers), with its recent output
// kept to explain a failed start.
import type { ChildProcess } from 'node:child_process';
import { startCommand } from '@stride/deploy/run-command';
import { type Env, ROOT } from './deployables';

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class StartAborted extends Error {
  constructor() {
    super('Start-up was stopped');
    this.name = 'StartAborted';
  }
}

export interface Managed {
  /** What the process is, in messages. */
  label: string;
  child: ChildProcess;
  /** Its last 40 lines of output. */
  recent: string[];
}

/** Starts `command` in a process group of its own, each output line to `onLine`. */
export function spawnGroup(
  label: string,
  command: string,
  args: string[],
  env: Env,
  onLine: (line: string) => void,
): Managed {
  const { child, lines } = startCommand(command, args, {
    cwd: ROOT,
    env,
    detached: true,
    onLine,
    keep: 40,
  });
  return { label, child, recent: lines };
}

export const hasExited = (managed: Managed) =>
  managed.child.exitCode !== null || managed.child.signalCode !== null;

/** Whether any process of the group `pgid` is left (zombies included). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function groupGone(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(pgid)) {
    if (Date.now() > deadline) return false;
    await wait(100);
  }
  return true;
}

/**
 * Stops a process's whole group, politely first. It waits for every member,
 * not only the first: pnpm can exit at once on a signal while the node
 * process it started is still closing its ports.
 */
export async function stopGroup(child: ChildProcess): Promise<void> {
  const pgid = child.pid;
  if (pgid === undefined || !groupAlive(pgid)) return;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  if (await groupGone(pgid, 6000)) return;
  signal('SIGKILL');
  await groupGone(pgid, 3000);
}

export async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}

/** Waits until every URL answers; throws with the process's last output if it exits or times out. */
export async function waitUntilAnswering(
  managed: Managed,
  urls: string[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !hasExited(managed)) {
    if (signal?.aborted) throw new StartAborted();
    const ready = await Promise.all(urls.map(answers));
    if (ready.every(Boolean)) return;
    await wait(250);
  }
  const why = hasExited(managed)
    ? `exited (${managed.child.signalCode ?? `code ${managed.child.exitCode}`})`
    : `did not answer within ${timeoutMs / 1000} s`;
  throw new Error(`${managed.label} ${why}. Its last output:\n${managed.recent.join('\n')}`);
}
