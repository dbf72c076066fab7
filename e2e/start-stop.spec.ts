// `pnpm start` stopped at any moment stops everything: a SIGTERM (or Ctrl-C)
// while the API is still booting in its own process group must not leave it
// running on its ports, or the next `pnpm start` refuses to run.
//
// It runs its own `pnpm start` on ports of its own, beside the suite's deployment.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { isPortFree } from '@stride/scripts/ports';
import { ROOT, STATE_DIR } from './support/env';
import { packageScript } from './support/package-script';

const BASE = Number(process.env.E2E_START_STOP_PORT ?? 3400);
const PORTS = {
  HOST_PORT: BASE,
  REMOTE_AUTH_PORT: BASE + 1,
  REMOTE_DASHBOARD_PORT: BASE + 2,
  REMOTE_GOALS_PORT: BASE + 3,
  REMOTE_TASKS_PORT: BASE + 4,
  API_PORT: BASE + 10,
  DEV_IDP_PORT: BASE + 11,
};

/** `pnpm start`, or the command it runs, with the spec's ports. */
function startStride(command: string[]): {
  child: ChildProcess;
  output: () => string;
  apiBooting: Promise<void>;
} {
  let output = '';
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, String(port)])),
      SQLITE_PATH: DATABASE,
      RELEASE_DIR: join(STATE_DIR, 'no-releases'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A group of its own, as a terminal's foreground job: Ctrl-C signals the whole group.
    detached: true,
  });
  // The API prints oidc-provider's warning as it loads; 300 ms later it is still
  // booting, past its last line of output (so a dead parent's closed pipe cannot kill it).
  const apiBooting = new Promise<void>((resolve) => {
    const watch = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('oidc-provider WARNING')) setTimeout(resolve, 300);
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
  });
  return { child, output: () => output, apiBooting };
}

const DATABASE = join(STATE_DIR, 'start-stop.db');

/**
 * The processes this spec's `pnpm start` left, found by what only they
 * carry: the spec's database path in their environment (Linux's /proc).
 */
function leftBehind(): number[] {
  const marker = `SQLITE_PATH=${DATABASE}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(marker);
      } catch {
        return false; // gone meanwhile, or not ours to read
      }
    })
    .map(Number);
}

async function allFree(ports: number[]): Promise<boolean> {
  for (const port of ports) if (!(await isPortFree(port))) return false;
  return true;
}

test.describe.configure({ mode: 'serial' });

// pnpm itself does not pass a SIGTERM on to its script, so the SIGTERM case
// signals what `pnpm start` runs (one Node process with tsx's loader; tsx's
// CLI SIGKILLed a script slow to answer, docs/decisions.md), as a supervisor would.
const cases = [
  {
    name: 'Ctrl-C on pnpm start (SIGINT to the whole job)',
    command: ['pnpm', 'start'],
    send: (child: ChildProcess) => process.kill(-(child.pid as number), 'SIGINT'),
  },
  {
    name: 'SIGTERM to the start script',
    command: packageScript('start'),
    send: (child: ChildProcess) => child.kill('SIGTERM'),
  },
];

for (const { name, command, send } of cases) {
  test(`${name} while the API is still starting stops the API and the identity provider too`, async () => {
    test.setTimeout(90_000);
    const start = startStride(command);
    await start.apiBooting;
    // The API's process is up but not answering yet: the moment the old handlers missed.
    send(start.child);
    await expect
      .poll(() => allFree(Object.values(PORTS)), {
        timeout: 20_000,
        message: `ports still taken after the stop:\n${start.output()}`,
      })
      .toBe(true);
    // And they stay free: no process of that start is left to come up later.
    await expect
      .poll(leftBehind, { timeout: 20_000, message: `processes left:\n${start.output()}` })
      .toEqual([]);
    expect(await allFree([PORTS.API_PORT, PORTS.DEV_IDP_PORT])).toBe(true);
  });
}
