// The change stream (GET /api/events/, issue 14): only a signed-in user's
// own changes reach their streams, each with the version it brought; a
// reconnect that missed changes is told at once; and with two API
// instances (Redis pub/sub, or PostgreSQL LISTEN/NOTIFY) a write on one
// reaches a stream on the other.
import { afterEach, describe, expect, it } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { makeApp, POSTGRES_SERVER, REDIS_SERVER, type TestApp } from './helpers.js';
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
): Promise<{ app: FastifyInstance; url: string }> {
  const t = await makeApp(undefined, { env });
  apps.push(t);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { app: t.app, url };
}

interface Event {
  id?: string;
  event: string;
  data: { kind?: string; client?: string | null; version?: number };
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
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
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
          if (fields.event)
            events.push({
              id: fields.id,
              event: fields.event,
              data: JSON.parse(fields.data ?? '{}'),
            });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
  const until = async (check: (events: Event[]) => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!check(events)) {
      if (Date.now() > deadline) throw new Error(`no such event in ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { response, events, until };
}

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
    // A refused write is no change.
    await ann.browser.request('POST', '/api/tasks/', { body: { title: '' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes(annStream.events)).toHaveLength(2);

    // An import's preview writes nothing; the import itself is a change.
    const content = 'TYPE,CONTENT\ntask,Imported';
    await ann.browser.request('POST', '/api/import/preview/', { body: { content } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes(annStream.events)).toHaveLength(2);
    const imported = await ann.browser.request('POST', '/api/import/', { body: { content } });
    expect(imported.statusCode).toBe(200);
    await annStream.until((events) => changes(events).length === 3);
    expect(changes(annStream.events)[2]?.data).toEqual({ kind: 'tasks', client: null });
    expect(changes(bobStream.events)).toEqual([]);
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
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(changes(third.events)).toEqual([]);
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
}

describe.skipIf(!REDIS_SERVER)('across two instances, through Redis', () => {
  it('a write on one reaches a stream on the other', () => fanOut({}));
});

describe.skipIf(!POSTGRES_SERVER)('across two instances, through PostgreSQL LISTEN/NOTIFY', () => {
  it('a write on one reaches a stream on the other', () => fanOut({ REDIS_URL: '' }));
});
