import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@rstest/core';
import type { DevIdp } from '../src/dev-idp/index.js';
import { cachedFormatterCount } from '../src/lib/dates.js';
import { Browser, makeApp, startIdp, type TestApp } from './helpers.js';

let idp: DevIdp;
let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());
beforeEach(async () => {
  t = await makeApp(idp);
  browser = new Browser(t.app);
  await browser.signInGoogle('pat@example.com', 'Pat Doe');
});
afterEach(() => t.close());

const onboarding = {
  first_name: '  Pat ',
  last_name: 'Doe',
  username: 'Pat.Doe',
  timezone: 'Europe/Paris',
  first_goal: { title: 'Run a marathon', target_date: '2027-05-01' },
};

describe('PUT /api/auth/update-profile/', () => {
  it('updates validated fields and returns the user', async () => {
    const res = await browser.request('PUT', '/api/auth/update-profile/', {
      body: { first_name: ' Patricia ', last_name: null, profile_picture: 'https://x.test/a.png' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Patricia',
      last_name: null,
      full_name: 'Patricia',
      profile_picture: 'https://x.test/a.png',
    });
    const status = await browser.request('GET', '/api/auth/status/');
    expect(status.json().user.first_name).toBe('Patricia');
  });

  it('stores a time zone under its canonical name, and caches one formatter per zone', async () => {
    // Was stored as typed and cached per spelling: ~20 MB per 1,500 updates.
    const before = cachedFormatterCount();
    for (const timezone of ['eUrOpE/pArIs', 'EUROPE/PARIS', 'europe/paris', 'Europe/Paris']) {
      const res = await browser.request('PUT', '/api/auth/update-profile/', { body: { timezone } });
      expect(res.statusCode).toBe(200);
      expect(res.json().user.timezone).toBe('Europe/Paris');
      await browser.request('GET', '/api/dashboard/');
    }
    expect(cachedFormatterCount() - before).toBeLessThanOrEqual(1);
  });

  it('rejects invalid fields with 400 and field messages', async () => {
    for (const body of [
      { first_name: '   ' },
      { first_name: '\u200b' },
      { username: 'a' },
      { timezone: 'Mars/Olympus' },
      { profile_picture: 'javascript:alert(1)' },
      { first_name: 5 },
      { unknown: 'x' },
      {},
    ]) {
      const res = await browser.request('PUT', '/api/auth/update-profile/', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_input' });
    }
    const res = await browser.request('PUT', '/api/auth/update-profile/', {
      body: { username: 'x' },
    });
    expect(res.json().fields).toHaveProperty('username');
  });

  it('answers 401 without a session', async () => {
    const res = await new Browser(t.app).request('PUT', '/api/auth/update-profile/', {
      body: { first_name: 'X' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Not signed in', code: 'not_authenticated' });
  });

  it('answers 401, not the fields that would be wrong, to an anonymous invalid request', async () => {
    // Was a 400 with field details: validation ran before the sign-in check.
    const guest = new Browser(t.app);
    const calls = [
      () => guest.request('PUT', '/api/auth/update-profile/', { body: { nope: 1 } }),
      () => guest.request('POST', '/api/onboarding/complete/', { body: { first_name: 5 } }),
      () => guest.request('GET', '/api/auth/username-available/'),
      () => guest.request('POST', '/api/tasks/', { body: { title: 5 } }),
      () => guest.request('GET', '/api/dashboard/?x=1'),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Not signed in', code: 'not_authenticated' });
    }
  });

  it('refuses a username another user holds, whatever its case (409)', async () => {
    await browser.request('PUT', '/api/auth/update-profile/', { body: { username: 'taken_name' } });
    const other = new Browser(t.app);
    await other.signInGoogle('other@example.com');
    const res = await other.request('PUT', '/api/auth/update-profile/', {
      body: { username: 'Taken_Name' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'username_taken',
      fields: { username: expect.any(String) },
    });
  });
});

describe('GET /api/auth/username-available/', () => {
  it('tells free, taken and invalid apart', async () => {
    await browser.request('PUT', '/api/auth/update-profile/', { body: { username: 'mine' } });
    const other = new Browser(t.app);
    await other.signInGoogle('other@example.com');
    const ask = async (who: Browser, name: string) =>
      (await who.request('GET', `/api/auth/username-available/?username=${name}`)).json();
    expect(await ask(other, 'free_one')).toEqual({ available: true });
    expect(await ask(other, 'MINE')).toEqual({ available: false, reason: 'taken' });
    expect(await ask(browser, 'mine')).toEqual({ available: true });
    expect(await ask(other, 'no')).toEqual({ available: false, reason: 'invalid' });
  });

  it('needs a session and the parameter', async () => {
    const guest = await new Browser(t.app).request(
      'GET',
      '/api/auth/username-available/?username=abc',
    );
    expect(guest.statusCode).toBe(401);
    const missing = await browser.request('GET', '/api/auth/username-available/');
    expect(missing.statusCode).toBe(400);
  });
});

describe('POST /api/onboarding/complete/', () => {
  it('completes onboarding, stores the timezone and the first goal', async () => {
    const res = await browser.request('POST', '/api/onboarding/complete/', { body: onboarding });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Pat',
      username: 'pat.doe',
      timezone: 'Europe/Paris',
      onboarding_completed: true,
    });
    const goals = await t.app.database.db.selectFrom('goals').selectAll().execute();
    expect(goals).toHaveLength(1);
    expect(goals[0]).toMatchObject({
      title: 'Run a marathon',
      target_date: '2027-05-01',
      version: 1,
    });
    const status = await browser.request('GET', '/api/auth/status/');
    expect(status.json().user.onboarding_completed).toBe(true);
  });

  it('is idempotent', async () => {
    const first = await browser.request('POST', '/api/onboarding/complete/', { body: onboarding });
    const again = await browser.request('POST', '/api/onboarding/complete/', {
      body: { ...onboarding, first_name: 'Changed' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().user).toEqual(first.json().user);
    const goals = await t.app.database.db.selectFrom('goals').selectAll().execute();
    expect(goals).toHaveLength(1);
  });

  it('answers 409 username_taken and 400 on bad input', async () => {
    await browser.request('POST', '/api/onboarding/complete/', { body: onboarding });
    const other = new Browser(t.app);
    await other.signInGoogle('other@example.com');
    const taken = await other.request('POST', '/api/onboarding/complete/', { body: onboarding });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'username_taken',
      fields: { username: 'That username is taken' },
    });
    for (const body of [
      { ...onboarding, username: 'bad name!' },
      { ...onboarding, first_name: '' },
      { ...onboarding, last_name: 'x'.repeat(101) },
      { ...onboarding, first_goal: { title: '' } },
      { ...onboarding, first_goal: { title: 'Ok', target_date: 'soon' } },
      { first_name: 'A', last_name: 'B' },
    ]) {
      const res = await other.request('POST', '/api/onboarding/complete/', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('invalid_input');
    }
  });
});

describe('logout and logout-all', () => {
  it('logout ends this session and clears the cookie', async () => {
    const res = await browser.request('POST', '/api/auth/logout/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers['set-cookie'])).toMatch(/stride_session=;/);
    const status = await browser.request('GET', '/api/auth/status/');
    expect(status.json()).toEqual({ authenticated: false, user: null });
  });

  it('logout without a session still answers ok', async () => {
    const res = await new Browser(t.app).request('POST', '/api/auth/logout/');
    expect(res.json()).toEqual({ ok: true });
  });

  it('logout-all ends the session of a second device too', async () => {
    const phone = new Browser(t.app);
    await phone.signInGoogle('pat@example.com');
    const bystander = new Browser(t.app);
    await bystander.signInGoogle('bystander@example.com');
    const res = await browser.request('POST', '/api/auth/logout-all/');
    expect(res.json()).toEqual({ ok: true });
    expect((await phone.request('GET', '/api/auth/status/')).json().authenticated).toBe(false);
    expect((await browser.request('GET', '/api/auth/status/')).json().authenticated).toBe(false);
    expect((await bystander.request('GET', '/api/auth/status/')).json().authenticated).toBe(true);
  });

  it('logout-all needs a session', async () => {
    const res = await new Browser(t.app).request('POST', '/api/auth/logout-all/');
    expect(res.statusCode).toBe(401);
  });
});
