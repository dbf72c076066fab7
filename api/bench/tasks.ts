// `pnpm --filter @stride/api bench:tasks`: the task routes beside a bare route
// of the same server (bench/lib.ts has the method):
//   list   GET /api/tasks/ — the first 50-task page of a user with 10,000 tasks,
//          served from the list cache (valid while the user's data version holds);
//   list, cache off — the same page from a second instance without the cache:
//          the cost of the first read after a write;
//   create POST /api/tasks/ — as another user, so the listed user keeps 10,000;
//   move   PATCH /api/tasks/{id}/ with a new position, one at a time: the cost
//          of a drag in the user's own order (one row written, whatever the count);
//   filter GET /api/tasks/?filter=… from the instance without the cache, one at a
//          time: parse, one label lookup, and the query over the 10,000 tasks
//          (a seventh carry @errand, a fiftieth are due today).
// Targets: p99 < 10 ms at 50 connections and ≥ 50% of the bare route's
// requests/s. Two more references show what no query can avoid:
// GET /api/bare-page/ sends a fixed 50-task page through the same response
// schema with no session and no database; POST /api/bare-create/ does all of
// create (session, Origin check, JSON body, validation, a 201 with a task)
// except the database write.

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { labelKey } from '@stride/shared/labels';
import type { FastifyInstance } from 'fastify';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { buildApp } from '../src/app.js';
import type { TaskRow } from '../src/db/schema.js';
import { localDate } from '../src/lib/dates.js';
import { createTaskSchema, listTasksSchema } from '../src/schemas/tasks.js';
import {
  benchApp,
  describeRun,
  jsonPost,
  latencyFloorMs,
  line,
  measure,
  ORIGIN,
  type Result,
  verdict,
} from './lib.js';

const TASKS = 10_000;

const PRIORITIES = ['none', 'low', 'medium', 'high'] as const;
const STATUSES = ['todo', 'in_progress', 'done'] as const;

/** 10,000 varied tasks (dates, priorities, statuses, 20 goals), inserted in batches. */
async function seed(app: FastifyInstance, userId: string) {
  const goals: { id: string }[] = [];
  for (let i = 0; i < 20; i++) goals.push(await app.goals.create(userId, { title: `Goal ${i}` }));
  const start = Date.parse('2029-01-01T00:00:00Z');
  // Newest on top of the user's own order, as the service gives new tasks theirs.
  const positions = generateNKeysBetween(null, null, TASKS).reverse();
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
      due_time: null,
      repeat_rule: null,
      repeat_from: 'due',
      subtasks: null,
      completed_at: status === 'done' ? created : null,
      search_text: `${title}\n${i % 2 ? `notes for task ${i}` : ''}`.toLowerCase(),
      position: positions[i] as string,
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

/**
 * Labels for the filter bench: ten per user, @errand on every seventh task and
 * one of the others on every third; every fiftieth task due today.
 */
async function seedLabels(app: FastifyInstance, userId: string) {
  const db = app.database.db;
  const now = new Date().toISOString();
  const labels = Array.from({ length: 10 }, (_, i) => {
    const name = i === 0 ? 'errand' : `label${i}`;
    return {
      id: randomUUID(),
      user_id: userId,
      name,
      name_key: labelKey(name),
      color: 'grey',
      created_at: now,
      updated_at: now,
    };
  });
  await db.insertInto('labels').values(labels).execute();
  const tasks = await db
    .selectFrom('tasks')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const links: { task_id: string; label_id: string; user_id: string }[] = [];
  tasks.forEach((task, i) => {
    if (i % 7 === 0)
      links.push({ task_id: task.id, label_id: labels[0]?.id ?? '', user_id: userId });
    if (i % 3 === 0) {
      links.push({ task_id: task.id, label_id: labels[1 + (i % 9)]?.id ?? '', user_id: userId });
    }
  });
  const today = localDate(new Date(), null);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < links.length; i += 300) {
      await trx
        .insertInto('task_labels')
        .values(links.slice(i, i + 300))
        .execute();
    }
    const due = tasks.filter((_task, i) => i % 50 === 0).map((task) => task.id);
    await trx.updateTable('tasks').set({ due_date: today }).where('id', 'in', due).execute();
  });
  return links.length;
}

/** GET the filtered first page `count` times, one at a time: p50 and p99 of the answers. */
async function measureFilter(base: string, cookie: string, query: string, count = 300) {
  const url = `${base}/api/tasks/?${query}`;
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < count + 20; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = (await res.json()) as { items: unknown[] };
    if (res.status !== 200)
      throw new Error(`filter answered ${res.status}: ${JSON.stringify(body)}`);
    // The first 20 warm up.
    if (i >= 20) times.push(performance.now() - started);
    items = body.items.length;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { count, items, p50: at(0.5), p99: at(0.99) };
}

interface Listed {
  id: string;
  version: number;
  position: string;
}

/**
 * Moves tasks of the first page of the user's own order within it, one
 * request at a time (a person drags one task at a time), each between its
 * new neighbours' keys as the client computes it, and times each answer.
 */
async function measureMoves(base: string, cookie: string, count = 300) {
  const headers = { cookie, origin: ORIGIN, 'content-type': 'application/json' };
  const res = await fetch(`${base}/api/tasks/?sort=position&limit=50`, { headers: { cookie } });
  let shown = ((await res.json()) as { items: Listed[] }).items;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const from = (i * 7) % shown.length;
    const to = (i * 13 + 5) % shown.length;
    const task = shown[from] as Listed;
    const others = shown.filter((_t, index) => index !== from);
    const position = generateKeyBetween(
      others[to - 1]?.position ?? null,
      others[to]?.position ?? null,
    );
    const started = performance.now();
    const answer = await fetch(`${base}/api/tasks/${task.id}/`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ version: task.version, position }),
    });
    times.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`move answered ${answer.status}`);
    const moved = ((await answer.json()) as { task: Listed }).task;
    others.splice(to, 0, moved);
    shown = others;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { count, p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const load = os.loadavg()[0];
  const bench = await benchApp();
  const { app } = bench;
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
  const base = await bench.listen();
  // A second instance on the same database with the list cache off: what a
  // list costs when the user's data changed since their last read.
  const uncachedBase = await bench.listen(
    await buildApp({ config: { ...bench.config, listCacheMb: 0 } }),
  );

  const lister = await bench.session('bench-list');
  const creator = await bench.session('bench-create');
  await seed(app, lister.userId);
  const first = await fetch(`${base}/api/tasks/`, { headers: { cookie: lister.cookie } });
  const body = (await first.json()) as { items: unknown[]; next_cursor: string | null };
  if (first.status !== 200 || body.items.length !== 50 || !body.next_cursor) {
    throw new Error(`unexpected first page: ${first.status}, ${body.items?.length} items`);
  }
  fixedPage = body;
  fixedTask = body.items[0];

  const task = { title: 'Benchmark task', priority: 'medium', due_date: '2030-01-01' };
  const listArgs = ['-H', `cookie=${lister.cookie}`];
  const names = {
    bare: 'GET /api/bare/',
    barePage: 'GET /api/bare-page/',
    list: 'list GET /api/tasks/',
    listUncached: 'list, cache off',
    bareCreate: 'POST /api/bare-create/',
    create: 'create POST /api/tasks/',
  } as const;
  const results = await measure([
    { name: names.bare, url: `${base}/api/bare/` },
    { name: names.barePage, url: `${base}/api/bare-page/` },
    { name: names.list, url: `${base}/api/tasks/`, args: listArgs },
    { name: names.listUncached, url: `${uncachedBase}/api/tasks/`, args: listArgs },
    {
      name: names.bareCreate,
      url: `${base}/api/bare-create/`,
      args: jsonPost(task, creator.cookie),
    },
    { name: names.create, url: `${base}/api/tasks/`, args: jsonPost(task, creator.cookie) },
  ]);
  const moves = await measureMoves(base, lister.cookie);
  const labelled = await seedLabels(app, lister.userId);
  const filters = [
    'sort=created_at',
    'filter=today %26 %40errand %7C p1',
    'filter=today %26 %40errand %7C p1&sort=due_date',
    'filter=today %26 %40errand',
    'filter=%23Goal 5 %26 !%40errand %26 search%3A task 1',
  ].map((query) => query.replaceAll(' ', '%20'));
  const filtered = [];
  for (const query of filters) {
    filtered.push({ query, ...(await measureFilter(uncachedBase, lister.cookie, query)) });
  }
  const listed = await app.database.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', lister.userId)
    .executeTakeFirstOrThrow();
  await bench.close();

  const get = (name: string): Result => {
    const result = results.get(name);
    if (!result) throw new Error(`no result for ${name}`);
    return result;
  };
  const bare = get(names.bare);
  console.log(describeRun(load, `; the listed user has ${Number(listed.n)} tasks`));
  for (const name of Object.values(names)) console.log(line(name, get(name)));
  for (const name of [names.list, names.listUncached, names.create, names.bareCreate]) {
    const r = get(name);
    const ratio = r.requests.average / bare.requests.average;
    console.log(
      `${name}: ratio to bare ${(ratio * 100).toFixed(1)}% (target >= 50%: ${verdict(ratio >= 0.5)}), ` +
        `p99 ${r.latency.p99} ms (target < 10 ms: ${verdict(r.latency.p99 < 10)}), ` +
        `mean latency floor at this throughput ${latencyFloorMs(r).toFixed(1)} ms`,
    );
  }
  const list = get(names.list);
  console.log(
    `list: ratio to bare-page ${((list.requests.average / get(names.barePage).requests.average) * 100).toFixed(1)}% ` +
      '(the same page without session or database)',
  );
  console.log(
    `move PATCH /api/tasks/{id}/ (position), ${moves.count} one at a time: ` +
      `p50 ${moves.p50.toFixed(2)} ms, p99 ${moves.p99.toFixed(2)} ms (target p99 < 10 ms: ${verdict(moves.p99 < 10)})`,
  );
  console.log(`filter, cache off, one at a time (${labelled} task labels):`);
  for (const f of filtered) {
    console.log(
      `  ${f.query.startsWith('filter=') ? decodeURIComponent(f.query) : 'no filter (the same list)'}: ` +
        `${f.items} on the page, ` +
        `p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms over ${f.count}`,
    );
  }
  const written = [list, get(names.listUncached), get(names.create)];
  if (written.some((r) => r.non2xx + r.errors > 0)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
