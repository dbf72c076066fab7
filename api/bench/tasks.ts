// `pnpm --filter @stride/api bench:tasks`: autocannon on loopback against one
// server, beside a bare route of the same server:
//   list   GET /api/tasks/ — the first 50-task page of a user with 10,000 tasks,
//          served from the list cache (valid while the user's data version holds);
//   list, cache off — the same page from a second instance without the cache:
//          the cost of the first read after a write;
//   create POST /api/tasks/ — as another user, so the listed user keeps 10,000.
// Targets: p99 < 10 ms at 50 connections and ≥ 50% of the bare route's
// requests/s. Two more references show what no query can avoid:
// GET /api/bare-page/ sends a fixed 50-task page through the same response
// schema with no session and no database; POST /api/bare-create/ does all of
// create (session, Origin check, JSON body, validation, a 201 with a task)
// except the database write. autocannon runs in its own process so
// it does not share the server's event loop; short alternating rounds spread
// other load evenly.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { TaskRow } from '../src/db/schema.js';
import { createTaskSchema, listTasksSchema } from '../src/schemas/tasks.js';

const run = promisify(execFile);
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const AUTOCANNON = path.join(API_DIR, 'node_modules', '.bin', 'autocannon');
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const TASKS = 10_000;
const ORIGIN = 'http://localhost:3000';

interface Result {
  requests: { average: number; total: number };
  latency: { p99: number; average: number };
  cpuUs: number;
  non2xx: number;
  errors: number;
}

interface Target {
  name: string;
  url: string;
  args: string[];
}

async function cannon(target: Target): Promise<Result> {
  const before = process.cpuUsage();
  const { stdout } = await run(
    AUTOCANNON,
    ['-c', String(CONNECTIONS), '-d', String(SECONDS), '-j', ...target.args, target.url],
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

const PRIORITIES = ['none', 'low', 'medium', 'high'] as const;
const STATUSES = ['todo', 'in_progress', 'done'] as const;

/** 10,000 varied tasks (dates, priorities, statuses, 20 goals), inserted in batches. */
async function seed(app: Awaited<ReturnType<typeof buildApp>>, userId: string) {
  const goals: { id: string }[] = [];
  for (let i = 0; i < 20; i++) goals.push(await app.goals.create(userId, { title: `Goal ${i}` }));
  const start = Date.parse('2029-01-01T00:00:00Z');
  const rows: TaskRow[] = Array.from({ length: TASKS }, (_, i) => {
    const created = new Date(start + i * 60_000).toISOString();
    const priority = PRIORITIES[i % 4] ?? 'none';
    const status = STATUSES[i % 3] ?? 'todo';
    const title = `Task ${i}`;
    return {
      id: randomUUID(),
      user_id: userId,
      goal_id: i % 5 === 0 ? (goals[i % 20]?.id ?? null) : null,
      title,
      notes: i % 2 ? `Notes for task ${i}` : null,
      status,
      priority,
      priority_rank: PRIORITIES.indexOf(priority),
      due_date: i % 4 ? new Date(start + (i % 400) * 86_400_000).toISOString().slice(0, 10) : null,
      completed_at: status === 'done' ? created : null,
      search_text: `${title}\n${i % 2 ? `notes for task ${i}` : ''}`.toLowerCase(),
      version: 1,
      created_at: created,
      updated_at: created,
      deleted_at: null,
      deleted_with_goal: 0,
    };
  });
  const db = app.database.db;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) {
      await trx
        .insertInto('tasks')
        .values(rows.slice(i, i + 500))
        .execute();
    }
  });
}

async function main() {
  const load = os.loadavg()[0];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stride-bench-tasks-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    API_PUBLIC_URL: 'https://api.bench.local',
    APP_ORIGIN: ORIGIN,
    SQLITE_PATH: path.join(dir, 'bench.db'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config });
  // A second instance on the same database with the list cache off: what a
  // list costs when the user's data changed since their last read.
  const uncached = await buildApp({ config: { ...config, listCacheMb: 0 } });
  await uncached.listen({ port: 0, host: '127.0.0.1' });
  const uncachedAddress = uncached.server.address();
  const uncachedBase = `http://127.0.0.1:${typeof uncachedAddress === 'object' && uncachedAddress ? uncachedAddress.port : 0}`;
  app.get('/api/bare/', async () => ({ ok: true }));
  let fixedPage: unknown = null;
  app.get(
    '/api/bare-page/',
    { schema: { response: { 200: listTasksSchema.response[200] } } },
    async () => fixedPage,
  );
  let fixedTask: unknown = null;
  app.post(
    '/api/bare-create/',
    { schema: createTaskSchema, preValidation: app.requireUser },
    async (_request, reply) => reply.code(201).send({ task: fixedTask }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const session = async (subject: string) => {
    const user = await app.users.signIn('bench', subject, {
      email: `${subject}@example.com`,
      firstName: 'Bench',
      lastName: null,
      picture: null,
    });
    return { user, cookie: `${app.cookieNames.session}=${await app.sessions.create(user.id)}` };
  };
  const lister = await session('bench-list');
  const creator = await session('bench-create');
  await seed(app, lister.user.id);

  const page = await fetch(`${base}/api/tasks/`, { headers: { cookie: lister.cookie } });
  const body = (await page.json()) as { items: unknown[]; next_cursor: string | null };
  if (page.status !== 200 || body.items.length !== 50 || !body.next_cursor) {
    throw new Error(`unexpected first page: ${page.status}, ${body.items?.length} items`);
  }
  fixedPage = body;
  fixedTask = body.items[0];

  const task = JSON.stringify({
    title: 'Benchmark task',
    priority: 'medium',
    due_date: '2030-01-01',
  });
  const targets: Target[] = [
    { name: 'GET /api/bare/', url: `${base}/api/bare/`, args: [] },
    { name: 'GET /api/bare-page/', url: `${base}/api/bare-page/`, args: [] },
    {
      name: 'list GET /api/tasks/',
      url: `${base}/api/tasks/`,
      args: ['-H', `cookie=${lister.cookie}`],
    },
    {
      name: 'list, cache off',
      url: `${uncachedBase}/api/tasks/`,
      args: ['-H', `cookie=${lister.cookie}`],
    },
    {
      name: 'POST /api/bare-create/',
      url: `${base}/api/bare-create/`,
      args: [
        ...['-m', 'POST', '-b', task],
        ...['-H', 'content-type=application/json', '-H', `origin=${ORIGIN}`],
        ...['-H', `cookie=${creator.cookie}`],
      ],
    },
    {
      name: 'create POST /api/tasks/',
      url: `${base}/api/tasks/`,
      args: [
        ...['-m', 'POST', '-b', task],
        ...['-H', 'content-type=application/json', '-H', `origin=${ORIGIN}`],
        ...['-H', `cookie=${creator.cookie}`],
      ],
    },
  ];

  for (const target of targets) await cannon({ ...target, url: target.url }); // warm-up
  const rounds = new Map<string, Result[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate the order so no route always runs right after another.
    for (let i = 0; i < targets.length; i++) {
      const target = targets[(round + i) % targets.length];
      if (target) rounds.get(target.name)?.push(await cannon(target));
    }
  }
  const [bare, barePage, list, listUncached, bareCreate, create] = targets.map((t) =>
    combine(rounds.get(t.name) ?? []),
  );
  const listed = await app.database.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', lister.user.id)
    .executeTakeFirstOrThrow();
  await uncached.close();
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
  if (!bare || !barePage || !list || !listUncached || !bareCreate || !create)
    throw new Error('missing results');

  const line = (name: string, r: Result) =>
    `${name.padEnd(24)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${r.latency.p99} ms   avg ${r.latency.average} ms   server CPU ${r.cpuUs.toFixed(0)} µs/req   non-2xx ${r.non2xx}   errors ${r.errors}`;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log(
    `autocannon: ${CONNECTIONS} connections, ${ROUNDS} rotating rounds of ${SECONDS} s per route, loopback; ` +
      `${os.cpus().length} CPUs, load average ${load?.toFixed(2)} before the run; ` +
      `the listed user has ${Number(listed.n)} tasks`,
  );
  console.log(line('GET /api/bare/', bare));
  console.log(line('GET /api/bare-page/', barePage));
  console.log(line('list GET /api/tasks/', list));
  console.log(line('list, cache off', listUncached));
  console.log(line('POST /api/bare-create/', bareCreate));
  console.log(line('create POST /api/tasks/', create));
  for (const [name, r] of [
    ['list', list],
    ['list, cache off', listUncached],
    ['create', create],
    ['bare-create (no database)', bareCreate],
  ] as const) {
    const ratio = r.requests.average / bare.requests.average;
    console.log(
      `${name}: ratio to bare ${(ratio * 100).toFixed(1)}% (target >= 50%: ${verdict(ratio >= 0.5)}), ` +
        `p99 ${r.latency.p99} ms (target < 10 ms: ${verdict(r.latency.p99 < 10)}), ` +
        `mean latency floor at this throughput ${((CONNECTIONS / r.requests.average) * 1000).toFixed(1)} ms`,
    );
  }
  console.log(
    `list: ratio to bare-page ${((list.requests.average / barePage.requests.average) * 100).toFixed(1)}% ` +
      '(the same page without session or database)',
  );
  if ([list, listUncached, create].some((r) => r.non2xx + r.errors > 0)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
