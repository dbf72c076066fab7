import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import SQLite from 'better-sqlite3';
import type { DevIdp } from '../src/dev-idp/index.js';
import { withTimeout } from '../src/lib/time.js';
import { Browser, makeApp, POSTGRES_SERVER, startIdp, type TestApp } from './helpers.js';

const HAS_REDIS_SERVER = spawnSync('redis-server', ['--version']).status === 0;

/** A port nothing listens on (yet). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A log stream for the app, and a wait for its `n`th line whose message is `message`. */
function linesSaying(message: string) {
  let seen = 0;
  const waiters = new Set<() => void>();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) {
        if (line.includes(`"msg":${JSON.stringify(message)}`)) seen++;
      }
      for (const waiter of [...waiters]) waiter();
      done();
    },
  });
  const count = (n: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (seen < n) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { stream, count };
}

let idp: DevIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());
afterEach(() => t.close());

describe('GET /api/health/', () => {
  it('is healthy with a working database and cache', async () => {
    t = await makeApp(idp);
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'healthy',
      checks: { database: { status: 'healthy' }, cache: { status: 'healthy' } },
    });
  });

  // Was a ping of an in-process Map, which checked nothing.
  it('Redis away: degraded (200), the API keeps working; Redis back: healthy, by itself', async () => {
    const port = await freePort();
    t = await makeApp(idp, { env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({
      status: 'degraded',
      checks: { database: { status: 'healthy' }, cache: { status: 'unhealthy' } },
    });
    // Sign-in (rate-limited, cached sessions) and writes work on the database alone.
    const browser = new Browser(t.app);
    await browser.signInGoogle('no-redis@example.com');
    const created = await browser.request('POST', '/api/tasks/', { body: { title: 'Still here' } });
    expect(created.statusCode).toBe(201);
    await browser.request('PUT', '/api/auth/update-profile/', { body: { first_name: 'Rae' } });
    expect((await browser.request('GET', '/api/auth/status/')).json().user.first_name).toBe('Rae');

    if (!HAS_REDIS_SERVER) return;
    const redis = t.app.redis;
    if (!redis) throw new Error('REDIS_URL is set, so the app has a client');
    // The client reconnects by itself; health asks it (a PING) once it is back.
    // Not events.once: it rejects on the client's 'error', which each attempt
    // that finds the server not yet listening emits.
    const back = withTimeout(
      new Promise<void>((resolve) => redis.once('ready', () => resolve())),
      10_000,
      'the Redis client reconnecting',
    );
    const server = spawn('redis-server', [
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    try {
      await back;
      expect((await t.app.inject({ url: '/api/health/' })).json().status).toBe('healthy');
    } finally {
      server.kill();
    }
  });
});

describe('PostgreSQL drops a pooled connection', () => {
  // Was fatal: the pool's 'error' event had no listener, so an idle connection
  // ended by the server (a restart, pg_terminate_backend) killed the process.
  it.skipIf(!POSTGRES_SERVER)(
    'keeps the process up, and the next request reconnects by itself',
    async () => {
      const lost = linesSaying('database: an idle connection was lost; the pool reconnects');
      t = await makeApp(idp, { logStream: lost.stream });
      const browser = new Browser(t.app);
      await browser.signInGoogle('dropped@example.com');
      expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
      // All idle now. Not counted by the backends ended below: without Redis,
      // live sync holds a LISTEN connection of its own, outside the pool.
      const pooled = t.app.database.poolStats()?.total ?? 0;
      expect(pooled).toBeGreaterThan(0);

      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: POSTGRES_SERVER });
      await admin.connect();
      const database = new URL(t.databaseEnv.DATABASE_URL ?? '').pathname.slice(1);
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      await admin.end();
      expect(rowCount).toBeGreaterThanOrEqual(pooled);
      // The dropped connections' errors arrive while they sit idle: the pool
      // discards each, then tells its 'error' listener, which logs it.
      await withTimeout(lost.count(pooled), 5_000, 'the pool dropping its lost connections');
      expect(t.app.database.poolStats()?.total).toBe(0);

      expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
      const res = await browser.request('PUT', '/api/auth/update-profile/', {
        body: { first_name: 'Back' },
      });
      expect(res.statusCode).toBe(200);
    },
  );
});

describe('database unavailable', () => {
  // The fault is another process holding SQLite's write lock.
  it.skipIf(Boolean(POSTGRES_SERVER))(
    'answers 503 with JSON, then recovers by itself when the database is back',
    async () => {
      t = await makeApp(idp);
      const browser = new Browser(t.app);
      await browser.signInGoogle('fault@example.com');

      // Another process takes the database's write lock and keeps it.
      const locker = new SQLite(t.dbPath);
      locker.exec('BEGIN IMMEDIATE');
      try {
        const health = await t.app.inject({ url: '/api/health/' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({
          status: 'unhealthy',
          checks: { database: { status: 'unhealthy' }, cache: { status: 'healthy' } },
        });
        const calls = [
          () =>
            browser.request('PUT', '/api/auth/update-profile/', { body: { first_name: 'Kim' } }),
          () =>
            browser.request('POST', '/api/onboarding/complete/', {
              body: { first_name: 'K', last_name: 'L', username: 'kiml' },
            }),
          () => browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} }),
          () => browser.request('POST', '/api/auth/logout/'),
        ];
        for (const call of calls) {
          const res = await call();
          expect(res.statusCode).toBe(503);
          expect(res.json()).toEqual({
            error: expect.any(String),
            code: 'database_unavailable',
          });
        }
      } finally {
        locker.exec('ROLLBACK');
        locker.close();
      }

      expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
      const res = await browser.request('PUT', '/api/auth/update-profile/', {
        body: { first_name: 'Kim' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.first_name).toBe('Kim');
    },
  );

  // Was: each queued write blocked the event loop for busy_timeout, once as a
  // group and again alone, so an unrelated read waited 10 s behind 10 writes.
  it.skipIf(Boolean(POSTGRES_SERVER))(
    'a locked database stalls no read: queued writes fail together with 503, reads answer at once',
    async () => {
      t = await makeApp(idp, { env: { SQLITE_BUSY_TIMEOUT_MS: '1000' } });
      const browser = new Browser(t.app);
      await browser.signInGoogle('stall@example.com');
      const locker = new SQLite(t.dbPath);
      locker.exec('BEGIN IMMEDIATE');
      try {
        // The writes are waiting for the lock when the database says so.
        const waiting = new Promise<void>((resolve) => {
          const warn = t.app.log.warn.bind(t.app.log);
          t.app.log.warn = ((details: object, message: string) => {
            if (message?.includes('holds the SQLite write lock')) resolve();
            warn(details, message);
          }) as typeof t.app.log.warn;
        });
        const started = Date.now();
        const writes = Array.from({ length: 10 }, (_, i) =>
          browser.request('POST', '/api/tasks/', { body: { title: `queued ${i}` } }),
        );
        await waiting;
        const status = await browser.request('GET', '/api/auth/status/');
        const readMs = Date.now() - started;
        expect(status.statusCode).toBe(200);
        expect(status.json().authenticated).toBe(true);
        const answers = await Promise.all(writes);
        const writesMs = Date.now() - started;
        expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(503));
        // The read did not wait for the lock wait (1 s) to run out...
        expect(readMs).toBeLessThan(800);
        // ...and the writes waited for it once, together, not once each (10 s).
        expect(writesMs).toBeLessThan(4000);
      } finally {
        locker.exec('ROLLBACK');
        locker.close();
      }
      const after = await browser.request('POST', '/api/tasks/', { body: { title: 'after' } });
      expect(after.statusCode).toBe(201);
    },
  );

  // Was reported healthy while every write went to the deleted inode.
  it.skipIf(Boolean(POSTGRES_SERVER))(
    'a SQLite file deleted under the running API is unhealthy and refuses writes with 503',
    async () => {
      t = await makeApp(idp);
      const browser = new Browser(t.app);
      await browser.signInGoogle('deleted@example.com');
      for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${t.dbPath}${suffix}`, { force: true });
      const health = await t.app.inject({ url: '/api/health/' });
      expect(health.statusCode).toBe(503);
      expect(health.json().checks.database.status).toBe('unhealthy');
      const write = await browser.request('POST', '/api/tasks/', { body: { title: 'lost?' } });
      expect(write.statusCode).toBe(503);
      expect(write.json().code).toBe('database_unavailable');
    },
  );
});
