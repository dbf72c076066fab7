// Web Push (api/README.md, "Web Push"): the server's key, browsers'
// subscriptions and messages, sent for real to a push service on 127.0.0.1
// (push-endpoint.ts) that decrypts each one and checks its VAPID signature
// without web-push. Runs on SQLite and, with STRIDE_TEST_POSTGRES_URL, on
// PostgreSQL (with and without Redis).
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../src/config.js';
import {
  DEFAULT_PUSH_SERVICES,
  endpointUrl,
  isAllowedEndpoint,
  parsePushService,
} from '../src/lib/push-services.js';
import { pushTopic } from '../src/plugins/app/push.js';
import { Browser, makeApp, type TestApp } from './helpers.js';
import { type Behaviour, type PushEndpoint, startPushEndpoint } from './push-endpoint.js';
import { signedIn, type User } from './records-helpers.js';

let t: TestApp;
let service: PushEndpoint;
/** An allowed origin where nothing listens: a push service that is down. */
let down = '';
let browsers = 0;
beforeAll(async () => {
  service = await startPushEndpoint();
  const closed = await startPushEndpoint();
  down = closed.origin;
  await closed.close();
  t = await makeApp(undefined, { env: { PUSH_SERVICES: `${service.origin},${down}` } });
});
afterAll(async () => {
  await t.close();
  await service.close();
});

/** A browser's subscription, its keys made here as a browser makes them. */
function newSubscription(behaviour: Behaviour = 'accept') {
  browsers += 1;
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const id = `browser-${browsers}`;
  const endpoint = service.add(id, { ecdh, auth, behaviour });
  return {
    id,
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
  };
}

/** PUT the subscription as a browser's toJSON() gives it (the test's own `id` left out). */
const subscribe = (user: User, sub: object) => {
  const { id: _id, ...body } = sub as { id?: string };
  return user.browser.request('PUT', '/api/push/subscriptions/', { body });
};
const unsubscribe = (user: User, endpoint: string) =>
  user.browser.request('DELETE', '/api/push/subscriptions/', { body: { endpoint } });

async function endpointsOf(userId: string): Promise<string[]> {
  const rows = await t.app.database.db
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.endpoint);
}

const message = (title: string) => ({
  topic: `reminder:${title}`,
  payload: { title, body: 'Due now' },
  ttlSeconds: 600,
});

describe('the key', () => {
  it('is a P-256 public key, made once and shared by every instance on the database', async () => {
    const user = await signedIn(t.app);
    const res = await user.browser.request('GET', '/api/push/key/');
    expect(res.statusCode).toBe(200);
    const key = res.json().public_key as string;
    const raw = Buffer.from(key, 'base64url');
    expect([raw.length, raw[0]]).toEqual([65, 4]);
    expect((await user.browser.request('GET', '/api/push/key')).json().public_key).toBe(key);
    // Another instance (or a restart) reads the same pair back.
    const other = await makeApp(undefined, { env: { ...t.databaseEnv } });
    try {
      expect(await other.app.push.publicKey()).toBe(key);
    } finally {
      await other.app.close();
    }
  });

  it('is the environment’s pair when VAPID_* name one', async () => {
    const pair = webpush.generateVAPIDKeys();
    const other = await makeApp(undefined, {
      env: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey },
    });
    try {
      const user = await signedIn(other.app);
      const res = await user.browser.request('GET', '/api/push/key/');
      expect(res.json()).toEqual({ public_key: pair.publicKey });
    } finally {
      await other.close();
    }
  });

  it('needs a session', async () => {
    const guest = new Browser(t.app);
    for (const [method, url] of [
      ['GET', '/api/push/key/'],
      ['PUT', '/api/push/subscriptions/'],
      ['DELETE', '/api/push/subscriptions/'],
    ] as const) {
      const res = await guest.request(method, url, method === 'GET' ? {} : { body: {} });
      expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 'not_authenticated']);
    }
  });
});

describe('subscriptions', () => {
  it('are kept, replaced by endpoint and forgotten', async () => {
    const user = await signedIn(t.app);
    const sub = newSubscription();
    expect((await subscribe(user, sub)).statusCode).toBe(204);
    expect(await endpointsOf(user.userId)).toEqual([sub.endpoint]);
    // The browser's toJSON() carries expirationTime; new keys for the same endpoint replace the old.
    const renewed = { ...newSubscription(), endpoint: sub.endpoint, expirationTime: null };
    expect((await subscribe(user, renewed)).statusCode).toBe(204);
    const rows = await t.app.database.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('user_id', '=', user.userId)
      .execute();
    expect(rows.map((row) => [row.endpoint, row.p256dh])).toEqual([
      [sub.endpoint, renewed.keys.p256dh],
    ]);
    expect((await unsubscribe(user, sub.endpoint)).statusCode).toBe(204);
    expect(await endpointsOf(user.userId)).toEqual([]);
    // Again, or one never kept: still 204.
    expect((await unsubscribe(user, sub.endpoint)).statusCode).toBe(204);
  });

  it('refuse an endpoint outside PUSH_SERVICES, or not a URL, with a JSON 400', async () => {
    const user = await signedIn(t.app);
    const { keys } = newSubscription();
    const port = Number(new URL(service.origin).port);
    for (const endpoint of [
      `http://127.0.0.1:${port + 1}/push/x`,
      `http://localhost:${port}/push/x`,
      `https://127.0.0.1:${port}/push/x`,
      `http://user:pw@127.0.0.1:${port}/push/x`,
      'https://fcm.googleapis.com/fcm/send/abc',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const res = await subscribe(user, { endpoint, keys });
      expect([endpoint, res.statusCode, res.json().code]).toEqual([
        endpoint,
        400,
        'push_service_not_allowed',
      ]);
      expect(res.json().error).toMatch(/push service/);
    }
    for (const endpoint of [
      '/push/x',
      'push/x',
      'mailto:a@b.c',
      `${service.origin}/ x`,
      'a\u0000',
    ]) {
      const res = await subscribe(user, { endpoint, keys });
      expect([endpoint, res.statusCode, res.json().code]).toEqual([endpoint, 400, 'invalid_input']);
      const gone = await unsubscribe(user, endpoint);
      expect([endpoint, gone.statusCode]).toEqual([endpoint, 400]);
    }
    expect(await endpointsOf(user.userId)).toEqual([]);
  });

  it('refuse keys no browser gives, unknown fields, and a write from another origin', async () => {
    const user = await signedIn(t.app);
    const sub = newSubscription();
    const badKeys = [
      { p256dh: sub.keys.p256dh, auth: randomBytes(8).toString('base64url') },
      { p256dh: randomBytes(65).toString('base64url'), auth: sub.keys.auth },
      { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: sub.keys.auth },
    ];
    for (const keys of badKeys) {
      const res = await subscribe(user, { endpoint: sub.endpoint, keys });
      expect([res.statusCode, res.json().code]).toEqual([400, 'invalid_push_keys']);
    }
    const extra = await subscribe(user, { ...sub, user_id: 'someone' });
    expect(extra.statusCode).toBe(400);
    const nested = await subscribe(user, { ...sub, keys: { ...sub.keys, extra: 'x' } });
    expect(nested.statusCode).toBe(400);
    const long = await subscribe(user, {
      ...sub,
      endpoint: `${sub.endpoint}${'x'.repeat(LIMITS.pushEndpointMax)}`,
    });
    expect(long.statusCode).toBe(400);
    const foreign = await user.browser.request('PUT', '/api/push/subscriptions/', {
      body: sub,
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(await endpointsOf(user.userId)).toEqual([]);
  });

  it(`keep a user's newest ${LIMITS.pushSubscriptionsPerUser}: the oldest go`, async () => {
    const user = await signedIn(t.app);
    const other = await signedIn(t.app);
    const theirs = newSubscription();
    expect((await subscribe(other, theirs)).statusCode).toBe(204);
    const subs = Array.from({ length: LIMITS.pushSubscriptionsPerUser + 2 }, () =>
      newSubscription(),
    );
    for (const sub of subs) expect((await subscribe(user, sub)).statusCode).toBe(204);
    expect(await endpointsOf(user.userId)).toEqual(subs.slice(2).map((sub) => sub.endpoint));
    // Subscribing again makes a browser the newest, so it outlives the others.
    const third = subs[2];
    if (!third) throw new Error('no third subscription');
    expect((await subscribe(user, third)).statusCode).toBe(204);
    expect((await subscribe(user, newSubscription())).statusCode).toBe(204);
    const kept = await endpointsOf(user.userId);
    expect(kept).toHaveLength(LIMITS.pushSubscriptionsPerUser);
    expect(kept).toContain(third.endpoint);
    expect(kept).not.toContain(subs[3]?.endpoint);
    // Another user's are not counted, nor touched.
    expect(await endpointsOf(other.userId)).toEqual([theirs.endpoint]);
  });

  it("are each user's own: another user cannot remove one, and a browser moves with its account", async () => {
    const ana = await signedIn(t.app);
    const ben = await signedIn(t.app);
    const sub = newSubscription();
    expect((await subscribe(ana, sub)).statusCode).toBe(204);
    expect((await unsubscribe(ben, sub.endpoint)).statusCode).toBe(204);
    expect(await endpointsOf(ana.userId)).toEqual([sub.endpoint]);
    expect(await t.app.push.send(ben.userId, message('not for ana'))).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    // The same browser signs into Ben's account: it is his now, and only his.
    expect((await subscribe(ben, sub)).statusCode).toBe(204);
    expect(await endpointsOf(ana.userId)).toEqual([]);
    expect(await endpointsOf(ben.userId)).toEqual([sub.endpoint]);
    expect(await t.app.push.send(ana.userId, message('for ana'))).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    expect(await t.app.push.send(ben.userId, message('for ben'))).toEqual({
      sent: 1,
      gone: 0,
      failed: 0,
    });
  });
});

describe('sending', () => {
  it('delivers an encrypted, VAPID-signed message to each browser, which decrypts it', async () => {
    const user = await signedIn(t.app);
    const phone = newSubscription();
    const laptop = newSubscription();
    for (const sub of [phone, laptop]) expect((await subscribe(user, sub)).statusCode).toBe(204);
    const key = (await user.browser.request('GET', '/api/push/key/')).json().public_key;
    const before = service.received.length;
    const payload = { title: 'Pay rent — “now” 🏠', task_id: 'abc', n: 3 };
    const result = await t.app.push.send(user.userId, {
      topic: 'reminder:abc:2030-03-10T12:00:00.000Z',
      payload,
      ttlSeconds: 3600,
    });
    expect(result).toEqual({ sent: 2, gone: 0, failed: 0 });
    const got = service.received.slice(before);
    expect(got.map((item) => item.browser).sort()).toEqual([phone.id, laptop.id].sort());
    for (const item of got) {
      expect(item.problems).toEqual([]);
      expect(JSON.parse(item.plaintext ?? 'null')).toEqual(payload);
      expect(item.vapidKey).toBe(key);
      expect(item.claims).toMatchObject({ aud: service.origin, sub: 'mailto:push@localhost' });
      expect(item.headers).toMatchObject({
        ttl: '3600',
        urgency: 'high',
        topic: pushTopic('reminder:abc:2030-03-10T12:00:00.000Z'),
        'content-encoding': 'aes128gcm',
      });
      expect(String(item.headers.topic)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    }
  });

  it('removes a subscription the push service says is gone (410)', async () => {
    const user = await signedIn(t.app);
    const gone = newSubscription('gone');
    const live = newSubscription();
    for (const sub of [gone, live]) expect((await subscribe(user, sub)).statusCode).toBe(204);
    expect(await t.app.push.send(user.userId, message('gone'))).toEqual({
      sent: 1,
      gone: 1,
      failed: 0,
    });
    expect(await endpointsOf(user.userId)).toEqual([live.endpoint]);
  });

  it('counts a 500 and a push service that never answers as failed, without throwing or hanging', async () => {
    const user = await signedIn(t.app);
    const failing = newSubscription('fail');
    const silent = newSubscription('hang');
    const live = newSubscription();
    for (const sub of [failing, silent, live]) {
      expect((await subscribe(user, sub)).statusCode).toBe(204);
    }
    const started = Date.now();
    const result = await t.app.push.send(user.userId, message('slow'), { timeoutMs: 300 });
    expect(result).toEqual({ sent: 1, gone: 0, failed: 2 });
    expect(Date.now() - started).toBeLessThan(5_000);
    // Failures keep the subscriptions: the service may be back next time.
    expect((await endpointsOf(user.userId)).sort()).toEqual(
      [failing.endpoint, silent.endpoint, live.endpoint].sort(),
    );
  });

  it('counts a push service that is down as failed, and forgets an endpoint it does not know (404)', async () => {
    const user = await signedIn(t.app);
    const unknown = newSubscription();
    const elsewhere = { ...newSubscription(), endpoint: `${down}/push/x` };
    for (const sub of [unknown, elsewhere]) {
      expect((await subscribe(user, sub)).statusCode).toBe(204);
    }
    await t.app.database.db
      .updateTable('push_subscriptions')
      .set({ endpoint: `${service.origin}/push/nobody-here` })
      .where('endpoint', '=', unknown.endpoint)
      .execute();
    const result = await t.app.push.send(user.userId, message('down'));
    expect(result).toEqual({ sent: 0, gone: 1, failed: 1 });
    expect(await endpointsOf(user.userId)).toEqual([elsewhere.endpoint]);
  });

  it('sends nothing for a user without subscriptions, and refuses a payload too large for Web Push', async () => {
    const user = await signedIn(t.app);
    expect(await t.app.push.send(user.userId, message('none'))).toEqual({
      sent: 0,
      gone: 0,
      failed: 0,
    });
    expect((await subscribe(user, newSubscription())).statusCode).toBe(204);
    const before = service.received.length;
    const result = await t.app.push.send(user.userId, {
      topic: 'big',
      payload: 'x'.repeat(5000),
      ttlSeconds: 60,
    });
    expect(result).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(service.received.length).toBe(before);
  });
});

describe('PUSH_SERVICES and the VAPID settings', () => {
  const defaults = DEFAULT_PUSH_SERVICES.split(',').map((item) => parsePushService(item));
  const allowed = (endpoint: string) => {
    const url = endpointUrl(endpoint);
    return (
      url !== null &&
      isAllowedEndpoint(
        url,
        defaults.filter((s) => s !== null),
      )
    );
  };

  it('allow the browsers’ push services by default, subdomains where a wildcard says so', () => {
    expect(defaults.every(Boolean)).toBe(true);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGz7',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ]) {
      expect([endpoint, allowed(endpoint)]).toEqual([endpoint, true]);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com@evil.example/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://notify.windows.com.evil.example/x',
      'https://127.0.0.1/x',
    ]) {
      expect([endpoint, allowed(endpoint)]).toEqual([endpoint, false]);
    }
  });

  it('refuse what is not an origin, a bare wildcard, and http in production', () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return null;
      } catch (error) {
        return error instanceof ConfigError ? error.variable : error;
      }
    };
    for (const value of ['https://*.com', 'https://a.example/path', 'ftp://a.example', '*', 'x']) {
      expect([value, problem({ PUSH_SERVICES: value })]).toEqual([value, 'PUSH_SERVICES']);
    }
    expect(
      problem({
        NODE_ENV: 'production',
        API_PUBLIC_URL: 'https://api.example',
        PUSH_SERVICES: 'http://127.0.0.1:9',
      }),
    ).toBe('PUSH_SERVICES');
    const pair = webpush.generateVAPIDKeys();
    expect(problem({ VAPID_PUBLIC_KEY: pair.publicKey })).toBe('VAPID_PRIVATE_KEY');
    expect(
      problem({
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey,
      }),
    ).toBe('VAPID_PRIVATE_KEY');
    expect(problem({ VAPID_SUBJECT: 'http://stride.example' })).toBe('VAPID_SUBJECT');
    expect(problem({ VAPID_SUBJECT: 'https://localhost' })).toBe('VAPID_SUBJECT');
  });

  it('give a subject web-push accepts, whatever APP_ORIGIN is', () => {
    expect(loadConfig({}).push.subject).toBe('mailto:push@localhost');
    expect(loadConfig({ APP_ORIGIN: 'https://stride.example' }).push.subject).toBe(
      'https://stride.example',
    );
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:ops@stride.example' }).push.subject).toBe(
      'mailto:ops@stride.example',
    );
    const pair = webpush.generateVAPIDKeys();
    for (const subject of ['mailto:push@localhost', 'https://stride.example']) {
      const sign = () =>
        webpush.getVapidHeaders(
          'https://fcm.googleapis.com',
          subject,
          pair.publicKey,
          pair.privateKey,
          'aes128gcm',
        );
      expect(sign).not.toThrow();
    }
  });
});
