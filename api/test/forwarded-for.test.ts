// Which address a rate limit counts (request.ip): the socket's peer, or the
// client a trusted proxy names in X-Forwarded-For — never an address the
// client wrote itself. Behind the scaled deployment's nginx (TRUST_PROXY=127.0.0.1),
// a client that rotates X-Forwarded-For values is still one client.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import type { DevIdp } from '../src/dev-idp/index.js';
import { APP, makeApp, startIdp, type TestApp } from './helpers.js';

let idp: DevIdp;
const apps: TestApp[] = [];
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

const LIMIT = 3;

async function fresh(env: Record<string, string> = {}) {
  const t = await makeApp(idp, { env: { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT), ...env } });
  apps.push(t);
  return t.app;
}

/** One sign-in start from `peer` (the socket's address) carrying `forwardedFor`; its status. */
async function initiate(app: TestApp['app'], peer: string, forwardedFor?: string): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/oauth/google/initiate/',
    remoteAddress: peer,
    headers: { origin: APP, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    payload: {},
  });
  return res.statusCode;
}

/** LIMIT + 2 sign-in starts, each with a new forged X-Forwarded-For value. */
async function rotating(app: TestApp['app'], peer: string, forged: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) statuses.push(await initiate(app, peer, forged(i)));
  return statuses;
}

const TRIPPED = [200, 200, 200, 429, 429];

describe('X-Forwarded-For and the rate limits', () => {
  it('by default believes no header: a rotating X-Forwarded-For is one client', async () => {
    const app = await fresh();
    expect(await rotating(app, '127.0.0.1', (i) => `198.51.100.${i}`)).toEqual(TRIPPED);
    // Another peer is another client.
    expect(await initiate(app, '192.0.2.50')).toBe(200);
  });

  it('behind a trusted proxy believes its one hop, never what the client wrote before it', async () => {
    const app = await fresh({ TRUST_PROXY: '127.0.0.1' });
    // A proxy that appends (the old recipe): "<forged>, <client as the proxy saw it>".
    expect(await rotating(app, '127.0.0.1', (i) => `198.51.100.${i}, 203.0.113.7`)).toEqual(
      TRIPPED,
    );
    // The proxy's hop does name the client: another client behind it has its own count.
    expect(await initiate(app, '127.0.0.1', '203.0.113.8')).toBe(200);
  });

  it('believes no header from a peer that is not the trusted proxy', async () => {
    const app = await fresh({ TRUST_PROXY: '127.0.0.1' });
    // A client reaching an instance directly, naming whomever it likes.
    expect(await rotating(app, '192.0.2.9', (i) => `203.0.113.${i}`)).toEqual(TRIPPED);
  });

  it('takes CIDR ranges and IPv6 addresses as trusted proxies', async () => {
    const app = await fresh({ TRUST_PROXY: '10.1.0.0/16, ::1' });
    expect(await rotating(app, '10.1.2.3', (i) => `198.51.100.${i}, 203.0.113.7`)).toEqual(TRIPPED);
    expect(await initiate(app, '::1', '203.0.113.7')).toBe(429);
    expect(await initiate(app, '::1', '203.0.113.9')).toBe(200);
  });
});
