// `pnpm --filter @stride/api bench`: autocannon on loopback against one server,
// GET /api/auth/status/ with a valid session beside a bare route of the same
// server. Targets: status ≥ 70% of the bare route's requests/s, p99 < 5 ms at
// 50 connections. autocannon runs in its own process so it does not share the
// server's event loop.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const run = promisify(execFile);
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUTOCANNON = path.join(API_DIR, 'node_modules', '.bin', 'autocannon');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Result {
  requests: { average: number };
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}

async function cannon(url: string, headers: Record<string, string>): Promise<Result> {
  const args = ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  const { stdout } = await run(AUTOCANNON, [...args, url], { maxBuffer: 1 << 24 });
  return JSON.parse(stdout) as Result;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stride-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    API_PUBLIC_URL: 'https://api.bench.local',
    SQLITE_PATH: path.join(dir, 'bench.db'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config });
  app.get('/api/bare/', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const user = await app.users.signIn('bench', 'bench-subject', {
    email: 'bench@example.com',
    firstName: 'Bench',
    lastName: 'Mark',
    picture: null,
  });
  const cookie = `${app.cookieNames.session}=${await app.sessions.create(user.id)}`;
  const check = await fetch(`${base}/api/auth/status/`, { headers: { cookie } });
  if (!((await check.json()) as { authenticated: boolean }).authenticated)
    throw new Error('bench session is not valid');

  await cannon(`${base}/api/bare/`, {}); // warm-up
  const bare = await cannon(`${base}/api/bare/`, {});
  const status = await cannon(`${base}/api/auth/status/`, { cookie });
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const ratio = status.requests.average / bare.requests.average;
  const line = (name: string, r: Result) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${r.latency.p99} ms   avg ${r.latency.average} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s each, loopback`);
  console.log(line('GET /api/bare/', bare));
  console.log(line('GET /api/auth/status/', status));
  console.log(`ratio status/bare: ${(ratio * 100).toFixed(1)}% (target ≥ 70%)`);
  const ok = ratio >= 0.7 && status.latency.p99 < 5 && status.non2xx === 0;
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
