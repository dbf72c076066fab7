// What both benchmarks share: an app with production settings on a throwaway
// SQLite file, autocannon in its own process (so it does not share the
// server's event loop), short rotating rounds (so load from other processes on
// a shared machine hits every route alike) and the report lines.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';

const run = promisify(execFile);
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUTOCANNON = path.join(API_DIR, 'node_modules', '.bin', 'autocannon');
export const CONNECTIONS = 50;
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The browser origin the API allows, sent with every write. */
export const ORIGIN = 'http://localhost:3000';

export interface Result {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  /** Server CPU time per request: robust to other load on a shared machine. */
  cpuUs: number;
  non2xx: number;
  errors: number;
}

export interface Target {
  name: string;
  url: string;
  /** Extra autocannon arguments: method, body, headers. */
  args?: string[];
}

/** autocannon arguments for a JSON POST with a session and an allowed Origin. */
export const jsonPost = (body: unknown, cookie: string) => [
  ...['-m', 'POST', '-b', JSON.stringify(body)],
  ...['-H', 'content-type=application/json', '-H', `origin=${ORIGIN}`, '-H', `cookie=${cookie}`],
];

async function cannon(target: Target): Promise<Result> {
  const before = process.cpuUsage();
  const { stdout } = await run(
    AUTOCANNON,
    ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', ...(target.args ?? []), target.url],
    { maxBuffer: 1 << 24 },
  );
  const cpu = process.cpuUsage(before);
  const result = JSON.parse(stdout) as Result;
  result.cpuUs = (cpu.user + cpu.system) / Math.max(1, result.requests.total);
  return result;
}

/** Mean of the rounds' throughput; median of their latencies and CPU. */
function combine(rounds: Result[]): Result {
  const median = (values: number[]) =>
    values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return {
    requests: {
      average: rounds.reduce((sum, r) => sum + r.requests.average, 0) / rounds.length,
      total: rounds.reduce((sum, r) => sum + r.requests.total, 0),
    },
    latency: {
      p99: median(rounds.map((r) => r.latency.p99)),
      average: median(rounds.map((r) => r.latency.average)),
    },
    cpuUs: median(rounds.map((r) => r.cpuUs)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
  };
}

/** One warm-up run per target, then ROUNDS rounds in rotating order: results by name. */
export async function measure(targets: Target[]): Promise<Map<string, Result>> {
  for (const target of targets) await cannon(target);
  const rounds = new Map<string, Result[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order so no route always runs right after another.
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length];
      if (target) rounds.get(target.name)?.push(await cannon(target));
    }
  }
  return new Map([...rounds].map(([name, results]) => [name, combine(results)]));
}

export interface BenchApp {
  app: FastifyInstance;
  config: Config;
  /** Starts listening on a free loopback port; returns its base URL. */
  listen(app?: FastifyInstance): Promise<string>;
  /** A user with a live session, as the cookie header value. */
  session(subject: string): Promise<{ userId: string; cookie: string }>;
  close(): Promise<void>;
}

/** The app with production settings on a throwaway database, and a bare route. */
export async function benchApp(): Promise<BenchApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stride-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    API_PUBLIC_URL: 'https://api.bench.local',
    APP_ORIGIN: ORIGIN,
    SQLITE_PATH: path.join(dir, 'bench.db'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config });
  app.get('/api/bare/', async () => ({ ok: true }));
  const started: FastifyInstance[] = [];
  return {
    app,
    config,
    async listen(server = app) {
      await server.listen({ port: 0, host: '127.0.0.1' });
      started.push(server);
      const address = server.server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    async session(subject) {
      const user = await app.users.signIn('bench', subject, {
        email: `${subject}@example.com`,
        firstName: 'Bench',
        lastName: null,
        picture: null,
      });
      const id = await app.sessions.create(user.id);
      return { userId: user.id, cookie: `${app.cookieNames.session}=${id}` };
    },
    async close() {
      for (const server of started.reverse()) if (server !== app) await server.close();
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The first report line; `load` is os.loadavg()[0] taken before the app started. */
export function describeRun(load: number | undefined, extra = ''): string {
  return (
    `autocannon: ${CONNECTIONS} connections, ${ROUNDS} rotating rounds of ${SECONDS} s per route, loopback; ` +
    `${os.cpus().length} CPUs, load average ${load?.toFixed(2)} before the run${extra}`
  );
}

export const line = (name: string, r: Result) =>
  `${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${r.latency.p99} ms   avg ${r.latency.average} ms   server CPU ${r.cpuUs.toFixed(0)} µs/req   non-2xx ${r.non2xx}   errors ${r.errors}`;

export const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

/**
 * With N connections always busy, mean latency = N ÷ throughput (Little's
 * law): the floor under any p99 at this throughput.
 */
export const latencyFloorMs = (r: Result) => (CONNECTIONS / r.requests.average) * 1000;
