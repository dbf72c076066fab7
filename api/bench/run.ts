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
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// Short alternating rounds, so that load from other processes on a shared
// machine hits both routes alike instead of skewing one long run.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Result {
  requests: { average: number; total: number };
  /** Server CPU time per request: robust to other load on a shared machine. */
  cpuUs: number;
  latency: { p99: number; average: number };
  non2xx: number;
  errors: number;
}

async function cannon(url: string, headers: Record<string, string>): Promise<Result> {
  const args = ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j'];
  for (const [key, value] of Object.entries(headers)) args.push('-H', `${key}=${value}`);
  const before = process.cpuUsage();
  const { stdout } = await run(AUTOCANNON, [...args, url], { maxBuffer: 1 << 24 });
  const cpu = process.cpuUsage(before);
  const result = JSON.parse(stdout) as Result;
  result.cpuUs = (cpu.user + cpu.system) / Math.max(1, result.requests.total);
  return result;
}

/** Mean of the rounds' throughput; median of their latencies. */
function combine(rounds: Result[]): Result {
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    requests: {
      average: rounds.reduce((sum, r) => sum + r.requests.average, 0) / rounds.length,
      total: rounds.reduce((sum, r) => sum + r.requests.total, 0),
    },
    cpuUs: median(rounds.map((r) => r.cpuUs)),
    latency: {
      p99: median(rounds.map((r) => r.latency.p99)),
      average: median(rounds.map((r) => r.latency.average)),
    },
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

async function main() {
  const load = os.loadavg()[0];
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

  await cannon(`${base}/api/auth/status/`, { cookie }); // warm-up
  const bareRounds: Result[] = [];
  const statusRounds: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2 === 0) {
      bareRounds.push(await cannon(`${base}/api/bare/`, {}));
      statusRounds.push(await cannon(`${base}/api/auth/status/`, { cookie }));
    } else {
      statusRounds.push(await cannon(`${base}/api/auth/status/`, { cookie }));
      bareRounds.push(await cannon(`${base}/api/bare/`, {}));
    }
  }
  const bare = combine(bareRounds);
  const status = combine(statusRounds);
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });

  const ratio = status.requests.average / bare.requests.average;
  const line = (name: string, r: Result) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${r.latency.p99} ms   avg ${r.latency.average} ms   server CPU ${r.cpuUs.toFixed(0)} µs/req   non-2xx ${r.non2xx}   errors ${r.errors}`;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s per route, loopback; ` +
      `${os.cpus().length} CPUs, load average ${load?.toFixed(2)} before the run`,
  );
  console.log(line('GET /api/bare/', bare));
  console.log(line('GET /api/auth/status/', status));
  console.log(
    `ratio status/bare: ${(ratio * 100).toFixed(1)}%  target >= 70%: ${verdict(ratio >= 0.7)}`,
  );
  console.log(
    `status p99: ${status.latency.p99} ms  target < 5 ms: ${verdict(status.latency.p99 < 5)}`,
  );
  // With N connections always busy, mean latency = N / throughput (Little's
  // law): a p99 under 5 ms at 50 connections needs well over 10k req/s.
  console.log(
    `(mean latency floor at this throughput: ${((CONNECTIONS / status.requests.average) * 1000).toFixed(1)} ms)`,
  );
  if (status.non2xx > 0 || status.errors > 0) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
