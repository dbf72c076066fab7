import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { DevIdp } from '../src/dev-idp/index.js';
import { APP, Browser, makeApp, startIdp, type TestApp } from './helpers.js';

let idp: DevIdp;
let t: TestApp;
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());
beforeEach(async () => {
  t = await makeApp(idp);
});
afterEach(() => t.close());

describe('Google sign-in through the dev provider', () => {
  it('initiate → provider sign-in → callback with code/state/iss → authenticated', async () => {
    const browser = new Browser(t.app);
    const init = await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
    expect(init.statusCode).toBe(200);
    expect(init.headers['cache-control']).toBe('no-store');
    const authUrl = new URL(init.json().authorization_url);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('redirect_uri')).toBe(`${APP}/auth/callback`);

    const { redirect } = await browser.authorize(authUrl.href, {
      email: 'ada@example.com',
      name: 'Ada Lovelace',
    });
    expect(redirect?.origin + (redirect?.pathname ?? '')).toBe(`${APP}/auth/callback`);
    expect(redirect?.searchParams.get('iss')).toBe(idp.issuer);

    const callback = await browser.request('POST', '/api/auth/oauth/google/callback/', {
      body: Object.fromEntries(redirect?.searchParams ?? []),
    });
    expect(callback.statusCode).toBe(200);
    const { user } = callback.json();
    expect(user).toMatchObject({
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      full_name: 'Ada Lovelace',
      username: null,
      profile_picture: null,
      onboarding_completed: false,
    });
    const cookie = String(callback.headers['set-cookie']);
    expect(cookie).toMatch(/stride_session=[^;]+; Max-Age=\d+; Path=\/; HttpOnly; SameSite=Lax/);

    const status = await browser.request('GET', '/api/auth/status/');
    expect(status.json()).toEqual({ authenticated: true, user });
  });

  it('the same provider subject signs in to the same user', async () => {
    const a = await new Browser(t.app).signInGoogle('same@example.com');
    const b = await new Browser(t.app).signInGoogle('same@example.com');
    expect(b.json().user.id).toBe(a.json().user.id);
  });

  it('shows the form again on a second sign-in in the same browser', async () => {
    const browser = new Browser(t.app);
    const first = await browser.signInGoogle('one@example.com');
    const second = await browser.signInGoogle('two@example.com');
    expect(second.json().user.email).toBe('two@example.com');
    expect(second.json().user.id).not.toBe(first.json().user.id);
  });

  it('cancel at the provider returns access_denied and the callback answers 400', async () => {
    const browser = new Browser(t.app);
    const init = await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
    const { redirect } = await browser.authorize(init.json().authorization_url, {
      email: '',
      cancel: true,
    });
    expect(redirect?.searchParams.get('error')).toBe('access_denied');
    const res = await browser.request('POST', '/api/auth/oauth/google/callback/', {
      body: Object.fromEntries(redirect?.searchParams ?? []),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'access_denied' });
  });
});

describe('Apple sign-in through the dev provider', () => {
  it('initiate → provider → form_post → 303 /auth/success → authenticated', async () => {
    const browser = new Browser(t.app);
    const init = await browser.request('POST', '/api/auth/oauth/apple/initiate/', { body: {} });
    expect(init.statusCode).toBe(200);
    expect(String(init.headers['set-cookie'])).toMatch(/SameSite=None/);
    expect(String(init.headers['set-cookie'])).toMatch(/Secure/);
    const authUrl = new URL(init.json().authorization_url);
    expect(authUrl.searchParams.get('response_mode')).toBe('form_post');

    const { formPost } = await browser.authorize(authUrl.href, {
      email: 'grace@example.com',
      name: 'Grace Hopper',
    });
    expect(formPost?.action).toBe('http://localhost:8000/api/auth/oauth/apple/callback/');
    expect(JSON.parse(formPost?.fields.user ?? '{}')).toMatchObject({
      name: { firstName: 'Grace', lastName: 'Hopper' },
    });

    const res = await browser.postApple(formPost?.fields ?? {});
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${APP}/auth/success`);
    const status = await browser.request('GET', '/api/auth/status/');
    expect(status.json()).toMatchObject({
      authenticated: true,
      user: { email: 'grace@example.com', full_name: 'Grace Hopper' },
    });
  });

  it('receives the name only on the first sign-in and keeps it', async () => {
    const first = new Browser(t.app);
    await first.signInApple('linus@example.com', 'Linus Torvalds');
    const second = new Browser(t.app);
    const init = await second.request('POST', '/api/auth/oauth/apple/initiate/', { body: {} });
    const { formPost } = await second.authorize(init.json().authorization_url, {
      email: 'linus@example.com',
      name: 'Someone Else',
    });
    expect(formPost?.fields.user).toBeUndefined();
    expect((await second.postApple(formPost?.fields ?? {})).statusCode).toBe(303);
    const status = await second.request('GET', '/api/auth/status/');
    expect(status.json().user.full_name).toBe('Linus Torvalds');
  });

  it('signs in with control characters or half characters in the name, stored without them', async () => {
    // Was stored as sent on SQLite and failed the sign-in on PostgreSQL.
    const browser = new Browser(t.app);
    const init = await browser.request('POST', '/api/auth/oauth/apple/initiate/', { body: {} });
    const { formPost } = await browser.authorize(init.json().authorization_url, {
      email: 'nul-name@example.com',
      name: 'Ada Lovelace',
    });
    const fields = formPost?.fields ?? {};
    fields.user = JSON.stringify({ name: { firstName: 'A\u0000da', lastName: 'Love\ud800lace' } });
    const res = await browser.postApple(fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${APP}/auth/success`);
    const status = await browser.request('GET', '/api/auth/status/');
    expect(status.json().user).toMatchObject({ first_name: 'Ada', last_name: 'Love\ufffdlace' });
  });

  it('cancel → 303 to /auth/error?error=access_denied', async () => {
    const browser = new Browser(t.app);
    const init = await browser.request('POST', '/api/auth/oauth/apple/initiate/', { body: {} });
    const { formPost } = await browser.authorize(init.json().authorization_url, {
      email: '',
      cancel: true,
    });
    const res = await browser.postApple(formPost?.fields ?? {});
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${APP}/auth/error?error=access_denied`);
    const status = await browser.request('GET', '/api/auth/status/');
    expect(status.json().authenticated).toBe(false);
  });
});
