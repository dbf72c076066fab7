// Before the smoke subset: `pnpm start:scaled` as a user runs it (building what
// is missing), its output kept in .state/scaled.log; the teardown stops it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, STATE_DIR } from './support/env';
import { packageScript } from './support/package-script';

export default async function globalSetup(): Promise<() => Promise<void>> {
  mkdirSync(STATE_DIR, { recursive: true });
  const log = createWriteStream(join(STATE_DIR, 'scaled.log'));
  const [command, ...args] = packageScript('start:scaled');
  const child = spawn(command, args, {
    cwd: ROOT,
    // Every test signs in afresh from one address: the per-minute cap is for people.
    env: { ...process.env, AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOG_LEVEL: 'warn' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const watch = (chunk: Buffer) => {
      log.write(chunk);
      output += chunk;
      if (output.includes('is running')) resolve();
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    void exited.then((code) => reject(new Error(`pnpm start:scaled exited ${code}:\n${output}`)));
  });
  console.log('e2e: scaled deployment up (nginx, 2 API instances, PostgreSQL, Redis)');
  return async () => {
    process.kill(-(child.pid as number), 'SIGINT');
    await exited;
    log.end();
  };
}
