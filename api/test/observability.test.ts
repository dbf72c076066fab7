import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import {
  decodeProtectedHeader,
  exportPKCS8,
  exportSPKI,
  generateKeyPair,
  importSPKI,
  jwtVerify,
} from 'jose';
import { DEV_APPLE_CLIENT, DEV_GOOGLE_CLIENT } from '../src/dev-idp/clients.js';
import type { DevIdp } from '../src/dev-idp/index.js';
import { appleClientSecret } from '../src/lib/apple-secret.js';
import { Browser, makeApp, startIdp } from './helpers.js';

let idp: DevIdp;
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.close());

describe('logs', () => {
  it('never contain cookies, tokens, codes, states or secrets', async () => {
    let logs = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs += chunk;
        done();
      },
    });
    const t = await makeApp(idp, { logStream: stream });
    try {
      const browser = new Browser(t.app);
      const init = await browser.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
      const { redirect } = await browser.authorize(init.json().authorization_url, {
        email: 'log@example.com',
      });
      const params = Object.fromEntries(redirect?.searchParams ?? []);
      await browser.request('POST', '/api/auth/oauth/google/callback/', { body: params });
      await browser.request('POST', '/api/auth/oauth/google/callback/', { body: params });
      await browser.signInApple('log2@example.com', 'Log Two');
      await browser.request('GET', '/api/auth/username-available/?username=secretname');
      const session = browser.cookies.get('stride_session') ?? '';
      expect(logs).toContain('request completed');
      for (const secret of [
        session,
        params.code ?? '',
        params.state ?? '',
        DEV_GOOGLE_CLIENT.secret,
        DEV_APPLE_CLIENT.secret,
        'secretname',
      ]) {
        expect(secret.length).toBeGreaterThan(5);
        expect(logs).not.toContain(secret);
      }
      expect(logs).not.toMatch(/cookie/i);
    } finally {
      await t.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every route from the schemas', async () => {
    const t = await makeApp(idp);
    try {
      const res = await t.app.inject({ url: '/api/openapi.json' });
      expect(res.statusCode).toBe(200);
      const doc = res.json();
      expect(doc.openapi).toMatch(/^3\./);
      // Paths are relative to the server, the prefix the routes are mounted under.
      expect(doc.servers).toEqual([{ url: '/api' }]);
      expect(Object.keys(doc.paths).sort()).toEqual([
        '/auth/logout-all/',
        '/auth/logout/',
        '/auth/oauth/apple/initiate/',
        '/auth/oauth/google/callback/',
        '/auth/oauth/google/initiate/',
        '/auth/status/',
        '/auth/update-profile/',
        '/auth/username-available/',
        '/calendar-feed/',
        '/calendar/{file}',
        '/dashboard/',
        '/events/',
        '/export/',
        '/goals/',
        '/goals/{id}/',
        '/goals/{id}/restore/',
        '/health/',
        '/import/',
        '/import/preview/',
        '/labels/',
        '/labels/{id}/',
        '/onboarding/complete/',
        '/push/key/',
        '/push/subscriptions/',
        '/reminders/{id}/done/',
        '/reminders/{id}/snooze/',
        '/tasks/',
        '/tasks/agenda/',
        '/tasks/{id}/',
        '/tasks/{id}/restore/',
        '/telemetry/remote-loads/',
        '/views/',
        '/views/{id}/',
      ]);
      expect(doc.components.schemas).toHaveProperty('User');
      expect(doc.components.schemas).toHaveProperty('Error');
      expect(doc.components.schemas).toHaveProperty('Goal');
      expect(doc.components.schemas).toHaveProperty('Task');
      expect(Object.keys(doc.paths['/goals/{id}/'])).toEqual(['get', 'patch', 'delete']);
      expect(doc.paths['/tasks/{id}/'].patch.responses).toHaveProperty('409');
      // The export is documented in both of its forms.
      expect(Object.keys(doc.paths['/export/'].get.responses['200'].content)).toEqual([
        'application/json',
        'text/csv',
      ]);
    } finally {
      await t.close();
    }
  });
});

describe("Apple's client secret", () => {
  it('is an ES256 JWT signed with the team key', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const secret = appleClientSecret({
      clientId: 'com.example.web',
      teamId: 'TEAM123456',
      keyId: 'KEY1234567',
      privateKey: await exportPKCS8(privateKey),
    });
    const jwt = await secret();
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const { payload } = await jwtVerify(
      jwt,
      await importSPKI(await exportSPKI(publicKey), 'ES256'),
      {
        issuer: 'TEAM123456',
        subject: 'com.example.web',
        audience: 'https://appleid.apple.com',
      },
    );
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(180 * 24 * 3600);
    expect(await secret()).toBe(jwt);
  });
});
