// `pnpm --filter @stride/api bench:reminders`: how late reminders go out, on
// an idle API and on one kept busy. Each phase gives 200 users 10 tasks with
// one reminder each; the 2,000 reminders fall due over 20 s, 100 at each
// whole second. A delivery added to the scheduler (as an open tab or a push
// service would be told) records its lateness: the time it went out less the
// time it was due. The scheduler looks every 2 s (CHECK_MS), so a reminder
// waits for the next look: about 1 s on average at best.
// Under load, autocannon (bench/lib.ts: 50 connections, in its own process)
// creates tasks as another user and reads the first page of a list, for as
// long as the reminders take.
import os from 'node:os';
import { CHECK_MS } from '../src/plugins/app/reminder-scheduler.js';
import { benchApp, describeRun, jsonPost, measure } from './lib.js';

const USERS = 200;
const TASKS_PER_USER = 10;
const SPREAD_SECONDS = 20;
const LEAD_MS = 5_000;

type Bench = Awaited<ReturnType<typeof benchApp>>;

/** Gives a phase's users their tasks, each with one reminder (not yet due); returns their ids. */
async function seed(bench: Bench, name: string): Promise<string[]> {
  const far = new Date(Date.now() + 86_400_000).toISOString();
  const users: string[] = [];
  for (let u = 0; u < USERS; u++) {
    const { userId } = await bench.session(`${name}-${u}`);
    users.push(userId);
    for (let t = 0; t < TASKS_PER_USER; t++) {
      await bench.app.tasks.create(userId, { title: `Task ${t}`, reminders: [{ at: far }] });
    }
  }
  return users;
}

/**
 * Makes the users' reminders fall due from LEAD_MS on, 100 at each whole
 * second for SPREAD_SECONDS; resolves once `seen` holds them all (or long after).
 */
async function fallDue(bench: Bench, users: string[], seen: number[]): Promise<void> {
  const { db } = bench.app.database;
  const rows = await db
    .selectFrom('task_reminders')
    .select('id')
    .where('user_id', 'in', users)
    .orderBy('id')
    .execute();
  const start = Math.ceil((Date.now() + LEAD_MS) / 1000) * 1000;
  for (let second = 0; second < SPREAD_SECONDS; second++) {
    const ids = rows.filter((_, i) => i % SPREAD_SECONDS === second).map((row) => row.id);
    await db
      .updateTable('task_reminders')
      .set({ fire_at: new Date(start + second * 1000).toISOString() })
      .where('id', 'in', ids)
      .execute();
  }
  const deadline = start + (SPREAD_SECONDS + 30) * 1000;
  await new Promise<void>((resolve) => {
    const check = setInterval(() => {
      if (seen.length >= rows.length || Date.now() > deadline) {
        clearInterval(check);
        resolve();
      }
    }, 200);
  });
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function main() {
  const load = os.loadavg()[0];
  const bench = await benchApp();
  const lateness = new Map<string, number[]>();
  let current: number[] = [];
  bench.app.reminders.deliveries.push(async (_userId, notice) => {
    current.push(Date.now() - Date.parse(notice.fire_at));
  });
  const url = await bench.listen();

  const idleUsers = await seed(bench, 'idle');
  const busyUsers = await seed(bench, 'busy');
  const writer = await bench.session('writer');

  current = [];
  lateness.set('idle', current);
  await fallDue(bench, idleUsers, current);

  current = [];
  lateness.set('busy (create + list at 50 connections)', current);
  const traffic = measure([
    { name: 'create', url: `${url}/api/tasks/`, args: jsonPost({ title: 'Load' }, writer.cookie) },
    { name: 'list', url: `${url}/api/tasks/`, args: ['-H', `cookie=${writer.cookie}`] },
  ]);
  await fallDue(bench, busyUsers, current);
  const served = await traffic;

  console.log(describeRun(load, `; scheduler looks every ${CHECK_MS} ms`));
  console.log('| phase | reminders sent | p50 | p95 | p99 | max |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name, values] of lateness) {
    const ms = (p: number) => `${(percentile(values, p) / 1000).toFixed(2)} s`;
    console.log(
      `| ${name} | ${values.length} of ${USERS * TASKS_PER_USER} | ${ms(50)} | ${ms(95)} | ${ms(99)} | ${(Math.max(...values) / 1000).toFixed(2)} s |`,
    );
  }
  for (const [name, result] of served) {
    console.log(
      `load: ${name} ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`,
    );
  }
  await bench.close();
}

await main();
