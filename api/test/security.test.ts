import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@rstest/core';
import type { DevIdp } from '../src/dev-idp/index.js';
import { startDevIdp } from '../src/dev-idp/index.js';
import { APP, Browser, makeApp, startIdp, type TestApp } from './helpers.js';
import { signedIn } from './records-helpers.js';

let idp: DevIdp;
const apps: TestApp[] = [];
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

async function fresh(options: Parameters<typeof makeApp>[1] = {}) {
  const t = await makeApp(idp, options);
  apps.push(t);
  return t;
}

/** Runs a Google sign-in up to, not including, the callback. */
async function googleParams(browser: Browser, email = 'eve@example.com') {
  const init = await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
  const { redirect } = await browser.authorize(init.json().authorization_url, { email });
  return Object.fromEntries(redirect?.searchParams ?? []);
}

describe('sign-in attacks', () => {
  it('rejects a replayed callback', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    const params = await googleParams(browser);
    const txCookie = browser.cookies.get('stride_oauth_google') ?? '';
    expect(
      (await browser.request('POST', '/api/auth/oauth/google/callback/', { body: params }))
        .statusCode,
    ).toBe(200);
    browser.cookies.set('stride_oauth_google', txCookie);
    const replay = await browser.request('POST', '/api/auth/oauth/google/callback/', {
      body: params,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'invalid_state' });
  });

  it("rejects a state that belongs to another browser's sign-in", async () => {
    const { app } = await fresh();
    const victim = new Browser(app);
    const attacker = new Browser(app);
    const attackerParams = await googleParams(attacker, 'attacker@example.com');
    await victim.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
    const res = await victim.request('POST', '/api/auth/oauth/google/callback/', {
      body: attackerParams,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_state');
    expect((await victim.request('GET', '/api/auth/status/')).json().authenticated).toBe(false);
  });

  it('rejects a callback without iss (the provider advertises it)', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    const { iss: _iss, ...params } = await googleParams(browser);
    const res = await browser.request('POST', '/api/auth/oauth/google/callback/', { body: params });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_callback');
  });

  it('rejects a callback with a forged iss', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    const params = await googleParams(browser);
    const res = await browser.request('POST', '/api/auth/oauth/google/callback/', {
      body: { ...params, iss: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('rejects a redirect_uri that is not on the allow-list', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    for (const redirect_uri of [
      `${APP}/auth/callback/x`,
      'https://evil.example/auth/callback',
      `${APP}/auth/callback?x=1`,
    ]) {
      const res = await browser.request('POST', '/api/auth/oauth/google/initiate/', {
        body: { redirect_uri },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_redirect_uri');
    }
    const ok = await browser.request('POST', '/api/auth/oauth/google/initiate/', {
      body: { redirect_uri: 'http://localhost:3001/auth/callback' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('sends Apple back to the allow-listed SPA that asked', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    const init = await browser.request('POST', '/api/auth/oauth/apple/initiate/', {
      body: { redirect_uri: 'http://localhost:3001/auth/callback' },
    });
    const { formPost } = await browser.authorize(init.json().authorization_url, { email: 'a@b.c' });
    const res = await browser.postApple(formPost?.fields ?? {});
    expect(res.headers.location).toBe('http://localhost:3001/auth/success');
  });

  it('rejects a replayed Apple form_post', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    const init = await browser.request('POST', '/api/auth/oauth/apple/initiate/', { body: {} });
    const tx = browser.cookies.get('stride_oauth_apple') ?? '';
    const { formPost } = await browser.authorize(init.json().authorization_url, { email: 'a@b.c' });
    expect((await browser.postApple(formPost?.fields ?? {})).headers.location).toBe(
      `${APP}/auth/success`,
    );
    browser.cookies.set('stride_oauth_apple', tx);
    const replay = await browser.postApple(formPost?.fields ?? {});
    expect(replay.statusCode).toBe(303);
    expect(replay.headers.location).toBe(`${APP}/auth/error?error=invalid_state`);
  });

  it('makes the old session id unusable after a new sign-in', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    await browser.signInGoogle('eve@example.com');
    const old = browser.cookies.get('stride_session') ?? '';
    await browser.signInGoogle('eve@example.com');
    expect(browser.cookies.get('stride_session')).not.toBe(old);
    const stale = new Browser(app);
    stale.cookies.set('stride_session', old);
    expect((await stale.request('GET', '/api/auth/status/')).json().authenticated).toBe(false);
    expect((await browser.request('GET', '/api/auth/status/')).json().authenticated).toBe(true);
  });

  it('refuses expired sessions (idle and absolute) and purges them', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const t = await fresh({
      clock: () => new Date(now),
      env: { SESSION_IDLE_TTL_HOURS: '2', SESSION_ABSOLUTE_TTL_HOURS: '5' },
    });
    const browser = new Browser(t.app);
    await browser.signInGoogle('eve@example.com');
    const cookie = browser.cookies.get('stride_session') ?? '';
    for (let hour = 0; hour < 4; hour++) {
      now += 3_600_000;
      expect((await browser.request('GET', '/api/auth/status/')).json().authenticated).toBe(true);
    }
    now += 1.5 * 3_600_000; // past the absolute limit, although active
    expect((await browser.request('GET', '/api/auth/status/')).json().authenticated).toBe(false);

    browser.cookies.set('stride_session', cookie);
    await browser.signInGoogle('eve@example.com');
    now += 2 * 3_600_000 + 1; // idle too long
    const res = await browser.request('GET', '/api/auth/status/');
    expect(res.json().authenticated).toBe(false);
    expect(String(res.headers['set-cookie'])).toMatch(/stride_session=;/);
    const rows = await t.app.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows).toHaveLength(0);
  });
});

describe('request hygiene', () => {
  it('refuses a foreign Origin and a missing Origin on unsafe methods (403)', async () => {
    const { app } = await fresh();
    const browser = new Browser(app);
    await browser.signInGoogle('eve@example.com');
    const foreign = await browser.request('POST', '/api/auth/logout-all/', {
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'forbidden_origin' });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: { cookie: `stride_session=${browser.cookies.get('stride_session')}` },
    });
    expect(missing.statusCode).toBe(403);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/auth/update-profile/',
      payload: { first_name: 'x' },
    });
    expect(put.statusCode).toBe(403);
    expect((await browser.request('GET', '/api/auth/status/')).json().authenticated).toBe(true);
  });

  it('accepts only JSON bodies (text/plain → 415)', async () => {
    const { app } = await fresh();
    const res = await new Browser(app).request('POST', '/api/auth/oauth/google/initiate/', {
      payload: '{"redirect_uri":"http://localhost:3000/auth/callback"}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'unsupported_media_type' });
    const form = await new Browser(app).request('POST', '/api/auth/logout/', {
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
  });

  it('refuses NUL characters anywhere in the input (400), which PostgreSQL cannot store', async () => {
    const { app } = await fresh();
    const user = await signedIn(app);
    const calls = [
      user.browser.request('POST', '/api/tasks/', { body: { title: 'a\u0000b' } }),
      user.browser.request('POST', '/api/goals/', {
        body: { title: 'ok', x: [[{ 'k\u0000': 1 }]] },
      }),
      user.browser.request('GET', '/api/tasks/?q=%00'),
      user.browser.request('GET', '/api/goals/%00/'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Text may not contain NUL characters',
        code: 'invalid_input',
      });
    }
    const deep = `${'['.repeat(20_000)}"\\u0000"${']'.repeat(20_000)}`;
    const nested = await user.browser.request('POST', '/api/tasks/', {
      payload: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.json()).toMatchObject({ code: 'invalid_input' });
    // A backslash followed by "u0000" is ordinary text.
    const literal = await user.browser.request('POST', '/api/tasks/', {
      body: { title: 'C:\\u0000' },
    });
    expect(literal.statusCode).toBe(201);
    expect(literal.json().task.title).toBe('C:\\u0000');
  });

  it('refuses half a character (a lone surrogate) in JSON text, and keeps real pairs', async () => {
    // Was acknowledged as sent and stored as U+FFFD: saving it back then failed.
    const { app } = await fresh();
    const user = await signedIn(app);
    for (const payload of [
      '{"title":"a\\ud800b"}',
      '{"title":"ok","notes":"\\udc00"}',
      '{"title":"ok","\\ud83d":1}',
    ]) {
      const res = await user.browser.request('POST', '/api/tasks/', {
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Text must be valid Unicode (it holds half a character)',
        code: 'invalid_input',
      });
    }
    const emoji = await user.browser.request('POST', '/api/tasks/', {
      payload: '{"title":"Run \\ud83c\\udfc3 5 km"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().task.title).toBe('Run 🏃 5 km');
  });

  it('refuses a cursor whose decoded key holds NUL or half a character (400, not a 500)', async () => {
    // Was a 500 on PostgreSQL: the key went into the query as decoded.
    const { app } = await fresh();
    const user = await signedIn(app);
    for (const list of ['tasks', 'goals']) {
      for (const title of ['one', 'two']) {
        await user.browser.request('POST', `/api/${list}/`, { body: { title } });
      }
      const page = await user.browser.request('GET', `/api/${list}/?limit=1`);
      const real: unknown[] = JSON.parse(
        Buffer.from(page.json().next_cursor, 'base64url').toString('utf8'),
      );
      for (const bad of ['a\u0000b', 'a\ud800']) {
        // The real cursor's shape, each string of its key replaced.
        const [sort, ...key] = real;
        const tampered = [sort, ...key.map((value) => (typeof value === 'string' ? bad : value))];
        const cursor = Buffer.from(JSON.stringify(tampered)).toString('base64url');
        const res = await user.browser.request('GET', `/api/${list}/?limit=1&cursor=${cursor}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('invalid_cursor');
      }
    }
  });

  it('refuses an oversized body (413)', async () => {
    const { app } = await fresh();
    const res = await new Browser(app).request('POST', '/api/auth/oauth/google/initiate/', {
      payload: JSON.stringify({ redirect_uri: 'x'.repeat(100_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('refuses an anonymous import with 401 before reading its body', async () => {
    const { app } = await fresh();
    // Megabytes of a would-be import, handed over only as the server reads them.
    const chunk = Buffer.from(`"${'x'.repeat(64 * 1024 - 2)}"`);
    const total = 8 * 1024 * 1024;
    let handedOver = 0;
    const body = new Readable({
      read() {
        if (handedOver >= total) return this.push(null);
        handedOver += chunk.length;
        this.push(chunk);
      },
    });
    const res = await app.inject({
      method: 'POST',
      url: '/api/import/',
      headers: { origin: APP, 'content-type': 'application/json' },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    expect(handedOver).toBeLessThan(total / 8);
  });

  it('rate-limits /auth/oauth/* (429)', async () => {
    const { app } = await fresh({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    const browser = new Browser(app);
    // Status and error code, so that an unexpected answer says what it was.
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
      answers.push(`${res.statusCode} ${res.statusCode === 200 ? '' : res.json().code}`.trim());
    }
    expect(answers).toEqual(['200', '200', '200', '429 rate_limited', '429 rate_limited']);
    const limited = await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await browser.request('GET', '/api/auth/status/')).statusCode).toBe(200);
  });

  it('answers CORS for the exact allowed origins only, with credentials', async () => {
    const { app } = await fresh();
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: '/api/auth/update-profile/',
        headers: {
          origin,
          'access-control-request-method': 'PUT',
          'access-control-request-headers': 'content-type',
        },
      });
    const ok = await preflight(APP);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const evil = await preflight('http://localhost:3000.evil.example');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sets security headers and no-store on auth responses', async () => {
    const { app } = await fresh();
    const res = await app.inject({ url: '/api/auth/status/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('uses __Host- and Secure session cookies in production', async () => {
    const { app } = await fresh({
      env: { NODE_ENV: 'production', API_PUBLIC_URL: 'https://api.example.com', APP_ORIGIN: APP },
    });
    const res = await new Browser(app).signInGoogle('prod@example.com');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(
      /__Host-stride_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax/,
    );
  });

  it('the dev identity provider refuses to run in production', async () => {
    await expect(
      startDevIdp({ port: 0, nodeEnv: 'production', googleRedirectUris: [], appleRedirectUri: '' }),
    ).rejects.toThrow(/production/);
  });
});
