// `pnpm --filter @stride/api bench:scaled`: the scaled deployment under load,
// with a crash in the middle. It starts `pnpm start:scaled` (PostgreSQL, Redis,
// two API instances, nginx), gives USERS users a session each, and has every
// user loop for SECONDS: auth status, list, create, update. A third of the way
// in, one API instance is killed with SIGKILL (start:scaled starts it again).
// Then it checks that every acknowledged write is there, as acknowledged, and
// that no user ever saw another user's data, and prints throughput, p99 and
// errors by kind. Loopback only; bounded by USERS and SECONDS.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const API = 'http://localhost:8000/api';
const ORIGIN = 'http://localhost:3000';
const DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://stride:stride@localhost:5432/stride_scaled';

interface Task {
  id: string;
  title: string;
  version: number;
  user_id?: string;
}

interface User {
  id: string;
  tag: string;
  cookie: string;
  /** Acknowledged state of each task this user wrote: id → {title, version}. */
  acked: Map<string, { title: string; version: number }>;
}

const latencies: number[] = [];
const errors = new Map<string, number>();
const count = (kind: string) => errors.set(kind, (errors.get(kind) ?? 0) + 1);
let leaks = 0;

function startScaled(): Promise<ChildProcess> {
  const child = spawn('pnpm', ['start:scaled'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL, LOG_LEVEL: 'error' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const watch = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('is running')) resolve(child);
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.once('exit', (code) => reject(new Error(`start:scaled exited ${code}:\n${output}`)));
  });
}

/** The pid listening on a loopback port (the API instance to kill). */
function pidOn(port: number): number {
  const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const pid = /pid=(\d+)/.exec(out)?.[1];
  if (!pid) throw new Error(`nothing listens on ${port}`);
  return Number(pid);
}

/** Sessions made by the API's own code, on the deployment's database. */
async function makeUsers(): Promise<User[]> {
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL,
      LOG_LEVEL: 'silent',
    }),
  });
  await app.ready();
  const run = Date.now().toString(36);
  const users: User[] = [];
  for (let i = 0; i < USERS; i++) {
    const tag = `u${run}-${i}`;
    const user = await app.users.signIn('bench', tag, {
      email: `${tag}@bench.example`,
      firstName: tag,
      lastName: null,
      picture: null,
    });
    const id = await app.sessions.create(user.id);
    users.push({
      id: user.id,
      tag,
      cookie: `${app.cookieNames.session}=${id}`,
      acked: new Map(),
    });
  }
  await app.close();
  return users;
}

async function call(
  user: User,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> } | null> {
  const started = performance.now();
  try {
    const res = await fetch(`${API}${url}`, {
      method,
      headers: {
        cookie: user.cookie,
        origin: ORIGIN,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    latencies.push(performance.now() - started);
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      count(`${method} ${res.status} not JSON`);
    }
    const code = typeof json.code === 'string' ? ` ${json.code}` : '';
    if (res.status >= 500) count(`${method} ${res.status}${code}`);
    else if (res.status >= 400 && res.status !== 409) count(`${method} ${res.status}${code}`);
    return { status: res.status, json };
  } catch (error) {
    latencies.push(performance.now() - started);
    count(`${method} network: ${error instanceof Error ? error.name : 'error'}`);
    return null;
  }
}

/** Every task must carry the user's own tag: anything else is another user's data. */
function checkOwn(user: User, tasks: Task[]): void {
  for (const task of tasks) if (!task.title.startsWith(`${user.tag}:`)) leaks++;
}

async function userLoop(user: User, until: number): Promise<void> {
  let n = 0;
  while (Date.now() < until) {
    const status = await call(user, 'GET', '/auth/status/');
    const seen = status?.json.user as { id?: string } | undefined;
    if (status?.status === 200 && seen?.id !== user.id) leaks++;
    const list = await call(user, 'GET', '/tasks/?limit=20');
    if (list?.status === 200) checkOwn(user, list.json.items as Task[]);
    const title = `${user.tag}: task ${n++}`;
    const created = await call(user, 'POST', '/tasks/', { title });
    if (created?.status === 201) {
      const task = created.json.task as Task;
      user.acked.set(task.id, { title: task.title, version: task.version });
      const renamed = `${title} (edited)`;
      const updated = await call(user, 'PATCH', `/tasks/${task.id}/`, {
        title: renamed,
        version: task.version,
      });
      if (updated?.status === 200) {
        const next = updated.json.task as Task;
        user.acked.set(next.id, { title: next.title, version: next.version });
      }
    }
  }
}

/** Every acknowledged write is present afterwards, at least as new as acknowledged. */
async function verify(users: User[]): Promise<{ acked: number; missing: number }> {
  let acked = 0;
  let missing = 0;
  for (const user of users) {
    const found = new Map<string, Task>();
    let cursor: string | null = null;
    do {
      const query: string = `/tasks/?limit=100${cursor ? `&cursor=${cursor}` : ''}`;
      const page = await call(user, 'GET', query);
      if (page?.status !== 200) throw new Error(`cannot list ${user.tag}'s tasks`);
      const items = page.json.items as Task[];
      checkOwn(user, items);
      for (const task of items) found.set(task.id, task);
      cursor = page.json.next_cursor as string | null;
    } while (cursor);
    for (const [id, state] of user.acked) {
      acked++;
      const task = found.get(id);
      // A later write of the same task (not acknowledged: the crash) may be newer; never older.
      if (!task || task.version < state.version) missing++;
      else if (task.version === state.version && task.title !== state.title) missing++;
    }
  }
  return { acked, missing };
}

const percentile = (values: number[], p: number) =>
  values.sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

async function main() {
  console.log(`bench:scaled: starting pnpm start:scaled…`);
  const deployment = await startScaled();
  try {
    const users = await makeUsers();
    console.log(
      `bench:scaled: ${USERS} users, ${SECONDS} s; one instance killed at ${Math.round(SECONDS / 3)} s`,
    );
    const started = Date.now();
    const until = started + SECONDS * 1000;
    const crash = setTimeout(
      () => {
        const pid = pidOn(8001);
        process.kill(pid, 'SIGKILL');
        console.log(
          `bench:scaled: kill -9 ${pid} (API instance 1, port 8001) at ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      },
      (SECONDS * 1000) / 3,
    );
    await Promise.all(users.map((user) => userLoop(user, until)));
    clearTimeout(crash);
    const elapsed = (Date.now() - started) / 1000;
    const total = latencies.length;
    const { acked, missing } = await verify(users);
    const failures = [...errors.values()].reduce((sum, n) => sum + n, 0);

    console.log('');
    console.log(
      `requests        ${total} in ${elapsed.toFixed(1)} s: ${(total / elapsed).toFixed(0)} req/s`,
    );
    console.log(
      `latency         p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, max ${percentile(latencies, 1).toFixed(0)} ms`,
    );
    console.log(
      `errors          ${failures} (${((failures / total) * 100).toFixed(2)} %)${failures ? ':' : ''}`,
    );
    for (const [kind, n] of [...errors].sort((a, b) => b[1] - a[1]))
      console.log(`                  ${n}  ${kind}`);
    console.log(`acknowledged    ${acked} writes; missing or older afterwards: ${missing}`);
    console.log(`other users' data seen: ${leaks}`);
    if (missing > 0 || leaks > 0) process.exitCode = 1;
  } finally {
    process.kill(-(deployment.pid as number), 'SIGINT');
    await new Promise((resolve) => deployment.once('exit', resolve));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
