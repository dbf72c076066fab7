// Property-based abuse of every route the app serves, read from its own route
// table (src/plugins/external/route-table.ts): bodies and queries shaped by
// each route's schema, malformed JSON, hostile values and odd headers must
// give a 4xx JSON error (or a normal answer), never a 5xx, and the server
// must keep answering. The suite runs on SQLite, PostgreSQL and PostgreSQL +
// Redis (scripts/test.mjs). The change stream, which never ends by itself,
// has a bounded test of its own.
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { LIVE_SYNC, REMOTE_LOADS } from '@stride/shared/limits';
import fc from 'fast-check';
import type { DevIdp } from '../src/dev-idp/index.js';
import type { RouteEntry } from '../src/plugins/external/route-table.js';
import { bodyFor, headersWith, queryFor, useHints } from './fuzz-arbitraries.js';
import { APP, makeApp, startIdp, type TestApp } from './helpers.js';

const METRICS_TOKEN = 'fuzz-metrics-token-0123456789';
const STREAMS = new Set([`/api${LIVE_SYNC.path}`]);

let t: TestApp;
let idp: DevIdp;
let userId = '';
let ids: { goal: string[]; task: string[] } = { goal: [], task: [] };
beforeAll(async () => {
  // With the real dev provider, valid sign-in starts succeed instead of 503.
  idp = await startIdp();
  t = await makeApp(idp, {
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      TELEMETRY_RATE_LIMIT_PER_MINUTE: '100000',
      METRICS_TOKEN,
    },
  });
  const user = await t.app.users.signIn('google', 'fuzz-subject', {
    email: 'fuzz@example.com',
    firstName: null,
    lastName: null,
    picture: null,
  });
  userId = user.id;
  const other = await t.app.users.signIn('google', 'fuzz-other', {
    email: 'other@example.com',
    firstName: null,
    lastName: null,
    picture: null,
  });
  const mine = await t.app.goals.create(userId, { title: 'fuzz goal' });
  const theirs = await t.app.goals.create(other.id, { title: 'not yours' });
  const garbage = ['nope', '%00', '..', 'x'.repeat(100), '%F0%9F%98%80'];
  ids = {
    goal: [mine.id, theirs.id, ...garbage],
    task: [
      (await t.app.tasks.create(userId, { title: 'fuzz task', goal_id: mine.id })).id,
      (await t.app.tasks.create(other.id, { title: 'not yours' })).id,
      ...garbage,
    ],
  };
  // Push subscriptions: endpoints of a real push service (so subscribing gets
  // past the allow list to the database) beside ones it refuses, and keys a
  // browser would give beside garbage.
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  useHints({
    goal_id: fc.constantFrom(...ids.goal, null),
    endpoint: fc.oneof(
      fc
        .stringMatching(/^[A-Za-z0-9_:-]{1,40}$/)
        .map((id) => `https://fcm.googleapis.com/fcm/send/${id}`),
      fc.constantFrom(
        'http://169.254.169.254/',
        '/relative',
        'https://fcm.googleapis.com@evil.example/',
      ),
      fc.string({ maxLength: 80 }),
    ),
    p256dh: fc.oneof(fc.constant(browser.getPublicKey().toString('base64url')), fc.base64String()),
    auth: fc.oneof(fc.constant(randomBytes(16).toString('base64url')), fc.base64String()),
  });
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** The routes a request can be injected into: every one but the change stream. */
const answering = () => t.app.routeTable.filter((route) => !STREAMS.has(route.url));

/** A route's URL with `:id` as one of the signed-in user's ids, another user's, or garbage. */
function urlOf(route: RouteEntry, pick: number): string {
  const pool = route.url.includes('/goals/') ? ids.goal : ids.task;
  return route.url
    .replace(':id', pool[pick % pool.length] ?? '')
    .replace(':file', FEED_FILES[pick % FEED_FILES.length] ?? '');
}

/** Calendar feed names that are no current secret: well-formed, short, encoded, not .ics. */
const FEED_FILES = [
  `${'A'.repeat(43)}.ics`,
  'x.ics',
  '%00.ics',
  '..%2F.ics',
  'feed',
  `${'b'.repeat(43)}`,
];

const sessionFor = async (signedIn: boolean): Promise<Record<string, string>> =>
  signedIn ? { cookie: `stride_session=${await t.app.sessions.create(userId)}` } : {};

describe('the route table', () => {
  it('holds every route, those added since the list was kept by hand among them', () => {
    const served = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    for (const route of [
      'GET /api/tasks/agenda/',
      'GET /api/export/',
      'POST /api/import/',
      'POST /api/import/preview/',
      `POST /api${REMOTE_LOADS.path}`,
      `GET /api${REMOTE_LOADS.statsPath}`,
      'GET /api/metrics/',
      `GET /api${LIVE_SYNC.path}`,
      'PATCH /api/tasks/:id/',
      'POST /api/calendar-feed/',
      'GET /api/calendar/:file',
      'GET /api/push/key/',
      'PUT /api/push/subscriptions/',
      'DELETE /api/push/subscriptions/',
    ]) {
      expect(served).toContain(route);
    }
  });
});

describe('malformed input at every route', () => {
  it('never yields a 5xx; errors are JSON {error, code}', async () => {
    const routes = answering();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) =>
          fc.record({
            route: fc.constant(route),
            payload: bodyFor(route.schema?.body),
            qs: queryFor(route.schema?.querystring),
            headers: headersWith(APP, METRICS_TOKEN),
            signedIn: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
            pick: fc.nat(),
          }),
        ),
        async ({ route, payload, qs, headers, signedIn, pick }) => {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: `${urlOf(route, pick)}${qs}`,
            headers: { ...headers, ...(await sessionFor(signedIn)) },
            ...(route.method === 'GET' ? {} : { payload }),
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 303) return; // Apple's form_post target redirects
          if (res.statusCode === 204) {
            expect(res.body).toBe(''); // no content, no type
            return;
          }
          if (route.url.endsWith('/metrics/') && res.statusCode === 200) return; // Prometheus text
          if (route.url.endsWith('/export/') && res.statusCode === 200) return; // JSON or CSV file
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          const json = res.json();
          if (res.statusCode >= 400) {
            expect(typeof json.error).toBe('string');
            expect(typeof json.code).toBe('string');
            expect(res.body).not.toMatch(/\bat .+:\d+:\d+/); // no stack traces
          }
        },
      ),
      { numRuns: 2_000 },
    );
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(200);
  });

  it('never yields a 5xx to well-formed requests, which reach each route’s own code', async () => {
    const routes = answering();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes).chain((route) =>
          fc.record({
            route: fc.constant(route),
            payload: bodyFor(route.schema?.body, true),
            pick: fc.nat(),
          }),
        ),
        async ({ route, payload, pick }) => {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: urlOf(route, pick),
            headers: {
              origin: APP,
              'content-type': 'application/json',
              authorization: `Bearer ${METRICS_TOKEN}`,
              ...(await sessionFor(true)),
            },
            ...(route.method === 'GET' ? {} : { payload }),
          });
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('answers malformed JSON on every body route with 400, and a signed-in route without a session with 401', async () => {
    const withBody = answering().filter((route) => route.method !== 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...withBody),
        fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"a":1}}'),
        fc.boolean(),
        async (route, payload, signedIn) => {
          const res = await t.app.inject({
            method: route.method as 'POST',
            url: urlOf(route, 0),
            headers: {
              origin: APP,
              'content-type': 'application/json',
              ...(await sessionFor(signedIn)),
            },
            payload,
          });
          if (route.url.includes('apple/callback')) expect(res.statusCode).toBe(303);
          else expect([400, signedIn ? 400 : 401]).toContain(res.statusCode);
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('the change stream', () => {
  it('answers any headers and query with a stream or a 4xx, and ends when the client goes', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await fc.assert(
      fc.asyncProperty(
        headersWith(APP, METRICS_TOKEN),
        queryFor(undefined),
        fc.boolean(),
        async (headers, qs, signedIn) => {
          const gone = new AbortController();
          const res = await fetch(`http://127.0.0.1:${port}/api${LIVE_SYNC.path}${qs}`, {
            headers: { ...headers, ...(await sessionFor(signedIn)) },
            signal: gone.signal,
          });
          expect(res.status).toBeLessThan(500);
          if (res.status === 200) {
            expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
            const reader = res.body?.getReader();
            // The stream's first event (or heartbeat) arrives; then the tab goes.
            expect((await reader?.read())?.done).toBe(false);
          } else {
            const json = (await res.json()) as { code?: unknown };
            expect(typeof json.code).toBe('string');
          }
          gone.abort();
        },
      ),
      { numRuns: 40 },
    );
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(200);
  });
});
