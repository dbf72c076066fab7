// Two API instances on one database and one Redis, as the scaled deployment
// runs them: what one instance changes, the other sees at once.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import type { DevIdp } from '../src/dev-idp/index.js';
import { Browser, makeApp, REDIS_SERVER, startIdp, type TestApp } from './helpers.js';

let idp: DevIdp;
const apps: TestApp[] = [];
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());
afterEach(async () => {
  // The second instance shares the first one's database: close it first.
  for (const app of apps.reverse()) await app.close();
  apps.length = 0;
});

async function twoInstances(env: Record<string, string> = {}) {
  const first = await makeApp(idp, { env });
  apps.push(first);
  const second = await makeApp(idp, {
    env: {
      ...env,
      ...first.databaseEnv,
      REDIS_URL: REDIS_SERVER ?? '',
      REDIS_PREFIX: first.app.config.redisPrefix,
    },
  });
  apps.push(second);
  return [first.app, second.app] as const;
}

/** The same browser (cookies) talking to another instance, as behind a load balancer. */
function sameBrowserOn(other: Awaited<ReturnType<typeof twoInstances>>[1], browser: Browser) {
  const moved = new Browser(other);
  for (const [name, value] of browser.cookies) moved.cookies.set(name, value);
  return moved;
}

async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe.skipIf(!REDIS_SERVER)('two instances sharing Redis', () => {
  it('a profile change and a logout on one instance reach the other’s cached session at once', async () => {
    const [a, b] = await twoInstances();
    const onA = new Browser(a);
    await onA.signInGoogle('two-instances@example.com');
    const onB = sameBrowserOn(b, onA);
    // B caches the session (for seconds) on this read.
    expect((await onB.request('GET', '/api/auth/status/')).json().authenticated).toBe(true);

    await onA.request('PUT', '/api/auth/update-profile/', { body: { first_name: 'Mira' } });
    const renamed = await eventually(
      async () =>
        (await onB.request('GET', '/api/auth/status/')).json().user?.first_name === 'Mira',
    );
    expect(renamed).toBe(true);

    await onA.request('POST', '/api/auth/logout/');
    const loggedOut = await eventually(
      async () => (await onB.request('GET', '/api/auth/status/')).json().authenticated === false,
    );
    expect(loggedOut).toBe(true);
  });

  it('counts a client’s rate limit across instances', async () => {
    const [a, b] = await twoInstances({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const call = (app: typeof a) =>
      new Browser(app).request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
    const codes = [];
    for (const app of [a, b, a, b]) codes.push((await call(app)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
