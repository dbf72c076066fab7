// The change stream (GET /api/events/): only a signed-in user's
// own changes reach their streams, each with the version it brought; a
// reconnect that missed changes is told at once; and with two API
// instances (Redis pub/sub, or PostgreSQL LISTEN/NOTIFY) a write on one
// reaches a stream on the other. Bounded: streams per user and in total
// (429), a lifetime, the session's end (logout, logout of all devices,
// expiry), a client that stops reading, and one query per change however
// many streams are open.
import net from 'node:net';
import { getDefaultHighWaterMark } from 'node:stream';
import { afterEach, describe, expect, it } from '@rstest/core';
import { LIVE_SYNC } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../src/lib/time.js';
import { Browser, makeApp, POSTGRES_SERVER, REDIS_SERVER, type TestApp } from './helpers.js';
import { signedIn, type User } from './records-helpers.js';

const apps: TestApp[] = [];
const streams: AbortController[] = [];
afterEach(async () => {
  for (const stream of streams.splice(0)) stream.abort();
  // A second instance shares the first one's database: close it first.
  for (const app of apps.splice(0).reverse()) await app.close();
});

async function listening(
  env: Record<string, string> = {},
  clock?: Clock,
): Promise<{ app: FastifyInstance; url: string }> {
  const t = await makeApp(undefined, { env, ...(clock ? { clock } : {}) });
  apps.push(t);
  watchStreams(t.app);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: t.app, url };
}

/** Called at each stream the app's registry adds or removes. */
const streamWatchers = new WeakMap<FastifyInstance, Set<() => void>>();

/**
 * Wraps the registry's `add` (and the remove it returns), so a test can
 * wait for the server to notice a stream has gone, which it does on its
 * own schedule, instead of polling its count.
 */
function watchStreams(app: FastifyInstance): void {
  const watchers = new Set<() => void>();
  streamWatchers.set(app, watchers);
  const tell = () => {
    for (const watcher of [...watchers]) watcher();
  };
  const registry = app.liveStreams;
  const add = registry.add.bind(registry);
  registry.add = (stream) => {
    const remove = add(stream);
    tell();
    return () => {
      remove();
      tell();
    };
  };
}

/** Resolves when the app holds `count` open streams; fails after `ms` without it. */
function streamCount(app: FastifyInstance, count: number, ms = 5000): Promise<void> {
  const watchers = streamWatchers.get(app);
  if (!watchers) throw new Error('streamCount needs an app from listening()');
  return new Promise((resolve, reject) => {
    const check = () => {
      if (app.liveStreams.size !== count) return;
      watchers.delete(check);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      watchers.delete(check);
      reject(new Error(`${app.liveStreams.size} streams open, not ${count}`));
    }, ms);
    watchers.add(check);
    check();
  });
}

interface Event {
  id?: string;
  event: string;
  data: { kind?: string; client?: string | null; version?: number; reason?: string };
}

/** Opens the user's stream and collects its events as they come. */
async function openStream(url: string, user: User, lastEventId?: string) {
  const controller = new AbortController();
  streams.push(controller);
  const cookie = [...user.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(`${url}/api/events/`, {
    headers: { cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: Event[] = [];
  // Each `until` waiting on the stream, told of every event as it arrives.
  const waiters = new Set<() => void>();
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const done = (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) {
          ended = true;
          return;
        }
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => line && !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          );
          if (fields.event) {
            events.push({
              id: fields.id,
              event: fields.event,
              data: JSON.parse(fields.data ?? '{}'),
            });
            for (const waiter of waiters) waiter();
          }
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  /** Resolves at the event that makes `check` hold; fails after `ms` without it. */
  const until = (check: (events: Event[]) => boolean, ms = 5000) =>
    new Promise<void>((resolve, reject) => {
      if (check(events)) return resolve();
      const waiter = () => {
        if (!check(events)) return;
        waiters.delete(waiter);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error(`no such event in ${JSON.stringify(events)}`));
      }, ms);
      waiters.add(waiter);
    });
  return { response, events, until, done, isOpen: () => !ended, abort: () => controller.abort() };
}

/** The user on another device: a session of their own. */
async function anotherDevice(app: FastifyInstance, user: User): Promise<User> {
  const browser = new Browser(app);
  browser.cookies.set(app.cookieNames.session, await app.sessions.create(user.userId));
  return { browser, userId: user.userId };
}

const ready = (events: Event[]) => events.some((event) => event.event === 'ready');
const endedWith = (reason: string) => (events: Event[]) =>
  events.some((event) => event.event === 'end' && event.data.reason === reason);

const changes = (events: Event[]) => events.filter((event) => event.event === 'change');

describe('GET /api/events/', () => {
  it('needs a session', async () => {
    const { url } = await listening();
    expect((await fetch(`${url}/api/events/`)).status).toBe(401);
  });

  it('sends the user’s own changes, each with its version and the tab that made it; another user’s never', async () => {
    const { app, url } = await listening();
    const ann = await signedIn(app);
    const bob = await signedIn(app);
    const annStream = await openStream(url, ann);
    const bobStream = await openStream(url, bob);
    expect(annStream.response.headers.get('content-type')).toContain('text/event-stream');
    await annStream.until((events) => events.some((event) => event.event === 'ready'));
    await bobStream.until((events) => events.some((event) => event.event === 'ready'));

    const res = await ann.browser.request('POST', '/api/tasks/', {
      body: { title: 'Live' },
      headers: { 'x-stride-client': 'tab-1' },
    });
    expect(res.statusCode).toBe(201);
    await annStream.until((events) => changes(events).length === 1);
    const [change] = changes(annStream.events);
    expect(change?.data).toEqual({ kind: 'tasks', client: 'tab-1' });
    const ready = annStream.events.find((event) => event.event === 'ready');
    expect(Number(change?.id)).toBeGreaterThan(Number(ready?.id));

    await ann.browser.request('POST', '/api/goals/', { body: { title: 'Live goal' } });
    await annStream.until((events) => changes(events).length === 2);
    expect(changes(annStream.events)[1]?.data).toEqual({ kind: 'goals', client: null });
    // A refused write and an import's preview are no change: the next change
    // on the stream is the write made after them (a stream keeps its order).
    await ann.browser.request('POST', '/api/tasks/', { body: { title: '' } });
    const content = 'TYPE,CONTENT\ntask,Imported';
    await ann.browser.request('POST', '/api/import/preview/', { body: { content } });
    await ann.browser.request('POST', '/api/tasks/', {
      body: { title: 'After' },
      headers: { 'x-stride-client': 'marker' },
    });
    await annStream.until((events) => changes(events).length >= 3);
    expect(changes(annStream.events)[2]?.data).toEqual({ kind: 'tasks', client: 'marker' });
    // The import itself is a change.
    const imported = await ann.browser.request('POST', '/api/import/', { body: { content } });
    expect(imported.statusCode).toBe(200);
    await annStream.until((events) => changes(events).length === 4);
    expect(changes(annStream.events)[3]?.data).toEqual({ kind: 'tasks', client: null });
    expect(changes(bobStream.events)).toEqual([]);
  });

  it('names in `ready` the data version it follows from: a list read at it holds everything before', async () => {
    const { app, url } = await listening();
    const ann = await signedIn(app);
    await ann.browser.request('POST', '/api/tasks/', { body: { title: 'Before' } });
    const read = await ann.browser.request('GET', '/api/tasks/');
    const readAt = Number(read.headers[LIVE_SYNC.versionHeader]);
    expect(readAt).toBeGreaterThan(0);
    const stream = await openStream(url, ann);
    await stream.until(ready);
    const first = stream.events.find((event) => event.event === 'ready');
    expect(first?.data).toEqual({ version: readAt });
    expect(Number(first?.id)).toBe(readAt);
    stream.abort();
    // A write in between: the next stream is ready at a later version than that read.
    await ann.browser.request('POST', '/api/tasks/', { body: { title: 'Between' } });
    const next = await openStream(url, ann);
    await next.until(ready);
    const second = next.events.find((event) => event.event === 'ready');
    expect(Number(second?.id)).toBeGreaterThan(readAt);
    expect(second?.data).toEqual({ version: Number(second?.id) });
    next.abort();
  });

  it('tells a reconnecting tab at once that it missed changes (Last-Event-ID)', async () => {
    const { app, url } = await listening();
    const ann = await signedIn(app);
    const first = await openStream(url, ann);
    await first.until((events) => events.some((event) => event.event === 'ready'));
    const seen = first.events[0]?.id ?? '';
    await ann.browser.request('POST', '/api/tasks/', { body: { title: 'While away' } });

    const again = await openStream(url, ann, seen);
    await again.until((events) => changes(events).length === 1);
    expect(changes(again.events)[0]?.data).toEqual({ kind: 'all', client: null });
    // Up to date: nothing to catch up on.
    const latest = again.events[0]?.id ?? '';
    const third = await openStream(url, ann, latest);
    await third.until((events) => events.some((event) => event.event === 'ready'));
    // Nothing to catch up on: the first change it hears is the next write.
    await ann.browser.request('POST', '/api/tasks/', {
      body: { title: 'Next' },
      headers: { 'x-stride-client': 'marker' },
    });
    await third.until((events) => changes(events).length >= 1);
    expect(changes(third.events)).toEqual([
      expect.objectContaining({ data: { kind: 'tasks', client: 'marker' } }),
    ]);
  });
});

/** The stream request a client that never reads sends, on a socket of its own. */
function nonReadingClient(url: string, user: User): net.Socket {
  const { port } = new URL(url);
  const cookie = [...user.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.write(`GET /api/events/ HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n\r\n`);
  // The kernel's receive buffer fills, then the server's send buffer, then Node's.
  socket.pause();
  socket.on('error', () => {});
  return socket;
}

/** Counts the queries the app's database runs (outside transactions) while `during` runs. */
async function queriesDuring(app: FastifyInstance, during: () => Promise<void>) {
  const executor = app.database.db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  const seen: string[] = [];
  executor.executeQuery = ((query: { sql: string }, ...rest: unknown[]) => {
    seen.push(query.sql);
    return (original as (...args: unknown[]) => unknown)(query, ...rest);
  }) as typeof executor.executeQuery;
  try {
    await during();
  } finally {
    executor.executeQuery = original;
  }
  return { all: seen.length, versionReads: seen.filter((q) => q.includes('data_version')).length };
}

describe('GET /api/events/ within bounds', () => {
  it('refuses a stream past the per-user or the total cap with a JSON 429 and Retry-After, before it starts', async () => {
    const { app, url } = await listening({
      LIVE_SYNC_STREAMS_PER_USER: '2',
      LIVE_SYNC_STREAMS_MAX: '3',
    });
    const ann = await signedIn(app);
    const bob = await signedIn(app);
    const annFirst = await openStream(url, ann);
    const annSecond = await openStream(url, ann);
    await annFirst.until(ready);
    await annSecond.until(ready);
    const cookieOf = (user: User) =>
      [...user.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const refused = await fetch(`${url}/api/events/`, { headers: { cookie: cookieOf(ann) } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/json');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error: 'Too many live update streams open for this account',
      code: 'too_many_streams',
    });
    // Another user still has room, up to the total.
    const bobFirst = await openStream(url, bob);
    await bobFirst.until(ready);
    const full = await fetch(`${url}/api/events/`, { headers: { cookie: cookieOf(bob) } });
    expect(full.status).toBe(429);
    expect(((await full.json()) as { code: string }).code).toBe('too_many_streams');
    expect(app.liveStreams.size).toBe(3);
    // A stream that goes makes room.
    annSecond.abort();
    await streamCount(app, 2);
    const again = await openStream(url, bob);
    await again.until(ready);
  });

  it('ends a stream at its lifetime with an `end` event; the reconnect catches up with Last-Event-ID', async () => {
    const { app, url } = await listening({ LIVE_SYNC_LIFETIME_SECONDS: '1' });
    const ann = await signedIn(app);
    const stream = await openStream(url, ann);
    await stream.until(ready);
    const seen = stream.events[0]?.id ?? '';
    await stream.until(endedWith('lifetime'), 3000);
    await stream.done;
    expect(stream.isOpen()).toBe(false);
    await streamCount(app, 0);
    // What the browser does next: reconnect, naming the last event it saw.
    await ann.browser.request('POST', '/api/tasks/', { body: { title: 'While reconnecting' } });
    const again = await openStream(url, ann, seen);
    await again.until((events) => changes(events).length === 1);
    expect(changes(again.events)[0]?.data).toEqual({ kind: 'all', client: null });
  });

  it('logout of all devices ends every stream of that user at once, and no other user’s', async () => {
    const { app, url } = await listening();
    const ann = await signedIn(app);
    const annPhone = await anotherDevice(app, ann);
    const bob = await signedIn(app);
    const laptopStream = await openStream(url, ann);
    const phoneStream = await openStream(url, annPhone);
    const bobStream = await openStream(url, bob);
    for (const stream of [laptopStream, phoneStream, bobStream]) await stream.until(ready);

    const res = await ann.browser.request('POST', '/api/auth/logout-all/');
    expect(res.statusCode).toBe(200);
    await phoneStream.until(endedWith('signed-out'));
    await laptopStream.until(endedWith('signed-out'));
    await Promise.all([phoneStream.done, laptopStream.done]);
    expect(app.liveStreams.size).toBe(1);
    expect(bobStream.isOpen()).toBe(true);
    expect(bobStream.events.some((event) => event.event === 'end')).toBe(false);
    // The ended session cannot open another.
    expect((await fetch(`${url}/api/events/`, { headers: { cookie: 'x=y' } })).status).toBe(401);
  });

  it('a logout ends that session’s streams only', async () => {
    const { app, url } = await listening();
    const ann = await signedIn(app);
    const annPhone = await anotherDevice(app, ann);
    const laptopStream = await openStream(url, ann);
    const phoneStream = await openStream(url, annPhone);
    await laptopStream.until(ready);
    await phoneStream.until(ready);
    await annPhone.browser.request('POST', '/api/auth/logout/');
    await phoneStream.until(endedWith('signed-out'));
    await phoneStream.done;
    expect(laptopStream.isOpen()).toBe(true);
    expect(app.liveStreams.size).toBe(1);
  });

  it('ends a stream when its session expires, asking the session again at its end', async () => {
    const clock = { now: Date.now() };
    const { app, url } = await listening(
      { SESSION_ABSOLUTE_TTL_HOURS: '1' },
      () => new Date(clock.now),
    );
    const ann = await signedIn(app);
    // 700 ms before the session's absolute end: the stream plans to look again then.
    clock.now += 3_600_000 - 700;
    const stream = await openStream(url, ann);
    await stream.until(ready);
    clock.now += 1000;
    await stream.until(endedWith('signed-out'), 3000);
    await stream.done;
  });

  it('cuts off a client that does not read, holding a bounded amount for it meanwhile', async () => {
    const { app, url } = await listening({ LIVE_SYNC_DRAIN_SECONDS: '1' });
    const ann = await signedIn(app);
    const socket = nonReadingClient(url, ann);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await streamCount(app, 1);
    let cutOff = false;
    const gone = streamCount(app, 0, 20_000).then(() => {
      cutOff = true;
    });
    const client = 'c'.repeat(64);
    let published = 0;
    let mostHeld = 0;
    // Changes keep coming (each ~130 bytes on the wire) until the server gives up on the client.
    while (!cutOff) {
      for (let i = 0; i < 500; i++) {
        published++;
        app.changes.publish({
          type: 'change',
          userId: ann.userId,
          kind: 'tasks',
          client,
          version: published,
        });
      }
      mostHeld = Math.max(mostHeld, app.liveStreams.buffered);
      // Paces the producer: 500 changes per turn, and the socket gets its turn.
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 2))]);
    }
    await gone; // rejects if the client was never cut off
    expect(app.liveStreams.size).toBe(0);
    // The client, reading at last, finds the connection closed.
    socket.resume();
    await closed;
    console.log(
      `non-reading client: cut off after ${published} changes, at most ${mostHeld} bytes held`,
    );
    // Node's own buffer (its default high-water mark: 16 KB before Node 22,
    // 64 KB since) and the event that filled it: not the megabytes sent its way.
    expect(mostHeld).toBeLessThan(getDefaultHighWaterMark(false) + 1024);
  });

  it('reads the data version once per change, however many streams are open', async () => {
    const { app, url } = await listening();
    const ann = await signedIn(app);
    const streams = [await openStream(url, ann)];
    await streams[0]?.until(ready);
    const write = (title: string) => async () => {
      const seen = streams.map((stream) => changes(stream.events).length);
      await ann.browser.request('POST', '/api/tasks/', { body: { title } });
      for (const [i, stream] of streams.entries()) {
        await stream.until((events) => changes(events).length === (seen[i] ?? 0) + 1);
      }
    };
    await ann.browser.request('GET', '/api/tasks/');
    const withOne = await queriesDuring(app, write('One stream'));
    for (let i = 0; i < 7; i++) streams.push(await openStream(url, ann));
    for (const stream of streams) await stream.until(ready);
    await ann.browser.request('GET', '/api/tasks/');
    const withEight = await queriesDuring(app, write('Eight streams'));
    expect(withOne.versionReads).toBe(1);
    expect(withEight.versionReads).toBe(1);
    expect(withEight.all).toBe(withOne.all);
  });
});

async function fanOut(env: Record<string, string>) {
  const first = await listening(env);
  const firstApp = apps[0];
  if (!firstApp) throw new Error('no first app');
  const second = await listening({
    ...env,
    ...firstApp.databaseEnv,
    ...(env.REDIS_URL === '' ? {} : { REDIS_PREFIX: first.app.config.redisPrefix }),
  });
  const ann = await signedIn(first.app);
  // The same session on the second instance, as behind a load balancer.
  const onSecond = await openStream(second.url, ann);
  await onSecond.until((events) => events.some((event) => event.event === 'ready'));
  const res = await ann.browser.request('PATCH', '/api/tasks/nope/', { body: { version: 1 } });
  expect(res.statusCode).toBe(404);
  await ann.browser.request('POST', '/api/tasks/', { body: { title: 'From the first' } });
  await onSecond.until((events) => changes(events).length === 1);
  expect(changes(onSecond.events)[0]?.data).toEqual({ kind: 'tasks', client: null });

  // Logout of all devices on the first ends the user's streams on the second
  // (this session's and another device's), not another user's.
  const phone = await anotherDevice(first.app, ann);
  const phoneOnSecond = await openStream(second.url, phone);
  const bob = await signedIn(first.app);
  const bobOnSecond = await openStream(second.url, bob);
  await phoneOnSecond.until(ready);
  await bobOnSecond.until(ready);
  const phoneCookie = [...phone.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  expect((await ann.browser.request('POST', '/api/auth/logout-all/')).statusCode).toBe(200);
  await onSecond.until(endedWith('signed-out'));
  await phoneOnSecond.until(endedWith('signed-out'));
  await Promise.all([onSecond.done, phoneOnSecond.done]);
  expect(second.app.liveStreams.size).toBe(1);
  expect(bobOnSecond.isOpen()).toBe(true);
  // And the second no longer takes the phone's session (its cached copy went with it).
  const again = await fetch(`${second.url}/api/events/`, { headers: { cookie: phoneCookie } });
  expect(again.status).toBe(401);
}

describe.skipIf(!REDIS_SERVER)('across two instances, through Redis', () => {
  it('a write on one reaches a stream on the other; logout of all devices ends it', () =>
    fanOut({}));
});

describe.skipIf(!POSTGRES_SERVER)('across two instances, through PostgreSQL LISTEN/NOTIFY', () => {
  it('a write on one reaches a stream on the other; logout of all devices ends it', () =>
    fanOut({ REDIS_URL: '' }));
});
