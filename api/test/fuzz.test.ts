// Property-based abuse of every route: malformed JSON, wrong types, huge
// strings, unknown fields and odd headers must give a 4xx JSON error (or a
// normal answer), never a 5xx, and the server must keep answering.
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import fc from 'fast-check';
import type { DevIdp } from '../src/dev-idp/index.js';
import { APP, makeApp, startIdp, type TestApp } from './helpers.js';

const ROUTES = [
  ['GET', '/api/auth/status/'],
  ['GET', '/api/health/'],
  ['GET', '/api/auth/username-available/'],
  ['POST', '/api/auth/oauth/google/initiate/'],
  ['POST', '/api/auth/oauth/apple/initiate/'],
  ['POST', '/api/auth/oauth/google/callback/'],
  ['POST', '/api/auth/oauth/apple/callback/'],
  ['PUT', '/api/auth/update-profile/'],
  ['POST', '/api/auth/logout/'],
  ['POST', '/api/auth/logout-all/'],
  ['POST', '/api/onboarding/complete/'],
  ['DELETE', '/api/auth/status/'],
  ['GET', '/api/does-not-exist'],
  // Goals, tasks, dashboard: `:goal` and `:task` become a real id of the
  // signed-in user, another user's id or garbage.
  ['GET', '/api/goals/'],
  ['POST', '/api/goals/'],
  ['GET', '/api/goals/:goal/'],
  ['PATCH', '/api/goals/:goal/'],
  ['DELETE', '/api/goals/:goal/'],
  ['POST', '/api/goals/:goal/restore/'],
  ['GET', '/api/tasks/'],
  ['POST', '/api/tasks/'],
  ['GET', '/api/tasks/:task/'],
  ['PATCH', '/api/tasks/:task/'],
  ['DELETE', '/api/tasks/:task/'],
  ['POST', '/api/tasks/:task/restore/'],
  ['GET', '/api/dashboard/'],
] as const;

const FIELDS = [
  'code',
  'state',
  'iss',
  'user',
  'redirect_uri',
  'first_name',
  'last_name',
  'username',
  'timezone',
  'profile_picture',
  'first_goal',
  'error',
  'title',
  'description',
  'notes',
  'status',
  'priority',
  'due_date',
  'target_date',
  'goal_id',
  'version',
  '__proto__',
  'constructor',
];

const huge = fc.integer({ min: 1_000, max: 80_000 }).map((n) => 'é'.repeat(n));
const anyValue = fc.oneof(fc.jsonValue(), huge, fc.constant(null), fc.string());

const body = fc.oneof(
  // malformed JSON
  fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '\u0000', '{"a":1}}'),
  fc.string().map((s) => `{${s}`),
  // wrong types, unknown fields, huge strings, at known and unknown keys
  fc
    .dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 })), anyValue, {
      maxKeys: 6,
    })
    .map((o) => JSON.stringify(o)),
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.constant(''),
);

const headers = fc.record(
  {
    'content-type': fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=latin1',
      '*/*',
      ';;;',
      '',
    ),
    origin: fc.constantFrom(APP, 'https://evil.example', 'null', '', 'http://localhost:3000/'),
    cookie: fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constant('stride_session=%%%; a=b'),
      fc.constant('stride_session=x'.repeat(100)),
    ),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', ''),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', ''),
  },
  { requiredKeys: [] },
);

const query = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }).map((s) => `?username=${encodeURIComponent(s)}`),
  fc.constantFrom(
    '?username=a&username=b',
    '?username=%E0%A4%A',
    '?x=1',
    `?username=${'a'.repeat(5000)}`,
  ),
  // list filters, cursors and page sizes, valid or not
  fc
    .dictionary(
      fc.constantFrom('status', 'goal_id', 'due', 'q', 'sort', 'cursor', 'limit', 'delete_tasks'),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('done', 'open', 'today', 'priority', 'true', '0', '100', '%', '_'),
        fc.string().map((text) => Buffer.from(text).toString('base64url')),
        fc.jsonValue().map((v) => Buffer.from(JSON.stringify(v)).toString('base64url')),
      ),
      { maxKeys: 4 },
    )
    .map((params) => `?${new URLSearchParams(params)}`),
);

let t: TestApp;
let idp: DevIdp;
let userId = '';
let ids: { goal: string[]; task: string[] } = { goal: [], task: [] };
beforeAll(async () => {
  // With the real dev provider, valid sign-in starts succeed instead of 503.
  idp = await startIdp();
  t = await makeApp(idp, { env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
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
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

describe('malformed input at every route', () => {
  it('never yields a 5xx; errors are JSON {error, code}', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        body,
        headers,
        query,
        fc.boolean(),
        fc.nat(),
        async ([method, route], payload, rawHeaders, qs, signedIn, pick) => {
          const url = route
            .replace(':goal', ids.goal[pick % ids.goal.length] ?? '')
            .replace(':task', ids.task[pick % ids.task.length] ?? '');
          const sent: Record<string, string> = Object.fromEntries(
            Object.entries(rawHeaders).filter(([, v]) => v !== ''),
          );
          if (signedIn) sent.cookie = `stride_session=${await t.app.sessions.create(userId)}`;
          const res = await t.app.inject({
            method,
            url: `${url}${qs}`,
            headers: sent,
            ...(method === 'GET' ? {} : { payload }),
          });
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode === 303) return; // Apple's form_post target redirects
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          const json = res.json();
          if (res.statusCode >= 400) {
            expect(typeof json.error).toBe('string');
            expect(typeof json.code).toBe('string');
            expect(res.body).not.toMatch(/\bat .+:\d+:\d+/); // no stack traces
          }
        },
      ),
      { numRuns: 800 },
    );
    const health = await t.app.inject({ url: '/api/health/' });
    expect(health.statusCode).toBe(200);
  });

  it('answers malformed JSON on every body route with 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES.filter(([m]) => m !== 'GET')),
        fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"a":1}}'),
        async ([method, route], payload) => {
          const url = route.replace(':goal', ids.goal[0] ?? '').replace(':task', ids.task[0] ?? '');
          const res = await t.app.inject({
            method,
            url,
            headers: { origin: APP, 'content-type': 'application/json' },
            payload,
          });
          expect(res.statusCode).toBe(url.includes('apple/callback') ? 303 : 400);
        },
      ),
      { numRuns: 60 },
    );
  });
});
