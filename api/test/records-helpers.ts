// Shared by the goal, task and dashboard tests: a user signed in without the
// identity provider (these tests are about records, not sign-in), and a clock
// the test can move.
import { expect } from '@rstest/core';
import type { FastifyInstance } from 'fastify';
import { Browser, makeApp, type TestApp } from './helpers.js';

export interface User {
  browser: Browser;
  userId: string;
}

let subjects = 0;

export async function signedIn(app: FastifyInstance, timezone?: string): Promise<User> {
  subjects += 1;
  const user = await app.users.signIn('google', `records-${subjects}`, {
    email: `user${subjects}@example.com`,
    firstName: 'Test',
    lastName: null,
    picture: null,
  });
  if (timezone) await app.users.updateProfile(user.id, { timezone });
  const browser = new Browser(app);
  browser.cookies.set(app.cookieNames.session, await app.sessions.create(user.id));
  return { browser, userId: user.id };
}

/** An app whose clock the test sets: `clock.now = Date.parse(…)`. */
export async function appWithClock(start = '2030-03-10T12:00:00Z') {
  const clock = { now: Date.parse(start) };
  const t: TestApp = await makeApp(undefined, { clock: () => new Date(clock.now) });
  return { t, clock };
}

export const DAY = 86_400_000;

/** Each call, made without a session, answers 401 `not_authenticated`. */
export async function expectSessionRequired(
  app: FastifyInstance,
  calls: readonly (readonly ['GET' | 'POST' | 'PATCH' | 'DELETE', string])[],
): Promise<void> {
  const guest = new Browser(app);
  for (const [method, url] of calls) {
    const res = await guest.request(method, url, method === 'GET' ? {} : { body: { title: 'x' } });
    expect({ call: `${method} ${url}`, status: res.statusCode, code: res.json().code }).toEqual({
      call: `${method} ${url}`,
      status: 401,
      code: 'not_authenticated',
    });
  }
}
