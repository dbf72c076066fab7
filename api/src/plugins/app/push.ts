// Web Push (RFC 8030): the browsers a user subscribed, and messages to them.
// web-push builds each request — the payload encrypted for the browser (RFC
// 8291, aes128gcm) and the VAPID signature (RFC 8292) — and this file sends
// it: with fetch, so a push service gets a hard deadline and no redirects
// (a 3xx would lead the server to a host PUSH_SERVICES never allowed), and
// so the tests' push service can be plain http on 127.0.0.1.

import { createHash, ECDH, randomUUID } from 'node:crypto';
import type { PushSubscriptionInput } from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import type { PushConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database, PushSubscriptionsTable } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { endpointUrl, isAllowedEndpoint } from '../../lib/push-services.js';
import type { Clock } from '../../lib/time.js';
import { takeTurn } from '../../lib/user-turn.js';

/** A message for every browser of a user. */
export interface PushMessage {
  /** Messages with one topic replace each other while undelivered (hashed into the Topic header). */
  topic: string;
  /** Sent as JSON; at most PUSH_PAYLOAD_MAX bytes once serialized. */
  payload: unknown;
  /** How long the push service keeps it for a browser that is offline. */
  ttlSeconds: number;
}

export interface PushResult {
  /** Accepted by the push service. */
  sent: number;
  /** Answered 404 or 410: the browser unsubscribed; its subscription is deleted. */
  gone: number;
  /** Anything else (refused, down, too slow): logged, never thrown. */
  failed: number;
}

export interface SendOptions {
  /** Each request's deadline, connection to the end of the answer (default 10 s). */
  timeoutMs?: number;
}

/** RFC 8291: a message is at most 4096 bytes; header (86), tag (16) and delimiter (1) take 103. */
export const PUSH_PAYLOAD_MAX = 3993;
const SEND_TIMEOUT_MS = 10_000;
/** Requests to push services in flight at once on this instance; the rest queue. */
const CONCURRENCY = 8;
/** Push services keep a message four weeks at most (web-push's default and most services' cap). */
const TTL_MAX = 28 * 24 * 3600;
const VAPID_KEY_NAME = 'vapid';

export const pushServiceNotAllowed = () =>
  badRequest(
    'push_service_not_allowed',
    'That push service is not one this server sends to (PUSH_SERVICES)',
    { endpoint: 'Not a known push service' },
  );

/**
 * The Topic header: at most 32 characters of the URL-safe base64 alphabet
 * (RFC 8030 §5.4), so any topic is hashed into one — the same topic, the same
 * header, and nothing of the task's text reaches the push service.
 */
export const pushTopic = (topic: string) =>
  createHash('sha256').update(topic).digest('base64url').slice(0, 32);

/** A browser's keys as RFC 8291 needs them: a P-256 point and a 16-byte secret; else a 400. */
function browserKeys(keys: PushSubscriptionInput['keys']): { p256dh: string; auth: string } {
  const p256dh = Buffer.from(keys.p256dh, 'base64url');
  const auth = Buffer.from(keys.auth, 'base64url');
  let onCurve = p256dh.length === 65;
  try {
    if (onCurve) ECDH.convertKey(p256dh, 'prime256v1');
  } catch {
    onCurve = false;
  }
  if (!onCurve || auth.length !== 16) {
    throw badRequest(
      'invalid_push_keys',
      'The subscription’s keys are not a P-256 public key and a 16-byte secret',
      { keys: 'Not the keys a browser gives' },
    );
  }
  return { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') };
}

/** At most `limit` of the tasks run at once; the others wait their turn. */
class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

type Keys = { publicKey: string; privateKey: string };

export class PushService {
  private keys: Promise<Keys> | undefined;
  private readonly limiter = new Limiter(CONCURRENCY);
  /** Aborted when the app closes: no send keeps a closing process waiting. */
  private readonly closing = new AbortController();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly write: DatabaseHandle['write'],
    private readonly clock: Clock,
    private readonly config: PushConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The VAPID public key browsers subscribe with (base64url). */
  async publicKey(): Promise<string> {
    return (await this.vapidKeys()).publicKey;
  }

  /**
   * Keeps the browser's subscription for the user: a new one, new keys for a
   * known endpoint, or a browser that signed into another account moving to
   * it. Past pushSubscriptionsPerUser the user's oldest go.
   */
  async subscribe(userId: string, input: PushSubscriptionInput): Promise<void> {
    const url = endpointUrl(input.endpoint);
    if (!url) throw badRequest('invalid_input', 'The endpoint must be an absolute https URL');
    if (!isAllowedEndpoint(url, this.config.services)) throw pushServiceNotAllowed();
    const keys = browserKeys(input.keys);
    await this.write(async (trx) => {
      await takeTurn(trx, userId);
      // "Oldest" must be an order even when the clock has not moved: each
      // subscription is later than the user's last one, if only by 1 ms.
      const last = await trx
        .selectFrom('push_subscriptions')
        .select((eb) => eb.fn.max('created_at').as('latest'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const now = this.clock().getTime();
      const latest = last?.latest ? Date.parse(String(last.latest)) : Number.NEGATIVE_INFINITY;
      const createdAt = new Date(Math.max(now, latest + 1)).toISOString();
      // Only the fields named here reach the row, whatever the body held.
      const row: PushSubscriptionsTable = {
        id: randomUUID(),
        user_id: userId,
        endpoint: input.endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        created_at: createdAt,
      };
      await trx
        .insertInto('push_subscriptions')
        .values(row)
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            user_id: userId,
            p256dh: keys.p256dh,
            auth: keys.auth,
            created_at: createdAt,
          }),
        )
        .execute();
      const extra = await trx
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1000)
        .offset(LIMITS.pushSubscriptionsPerUser)
        .execute();
      if (extra.length > 0) {
        await trx
          .deleteFrom('push_subscriptions')
          .where(
            'id',
            'in',
            extra.map((item) => item.id),
          )
          .execute();
      }
    });
  }

  /** Forgets the browser for this user (nothing when it is another user's or unknown). */
  async unsubscribe(userId: string, endpoint: string): Promise<void> {
    if (!endpointUrl(endpoint)) {
      throw badRequest('invalid_input', 'The endpoint must be an absolute https URL');
    }
    await this.write((trx) =>
      trx
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', userId)
        .where('endpoint', '=', endpoint)
        .execute(),
    );
  }

  /** How many browsers the user has subscribed. */
  async count(userId: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('push_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Sends the message to each of the user's browsers. Never throws and never
   * waits longer than the deadline per request: a push service that is down
   * or slow costs this call time, not its caller's work.
   */
  async send(userId: string, message: PushMessage, options: SendOptions = {}): Promise<PushResult> {
    const result: PushResult = { sent: 0, gone: 0, failed: 0 };
    try {
      const body = JSON.stringify(message.payload ?? null);
      if (Buffer.byteLength(body) > PUSH_PAYLOAD_MAX) {
        this.log.error({ topic: message.topic }, 'push: payload too large for Web Push, not sent');
        result.failed = await this.count(userId);
        return result;
      }
      const [keys, rows] = await Promise.all([
        this.vapidKeys(),
        this.db
          .selectFrom('push_subscriptions')
          .selectAll()
          .where('user_id', '=', userId)
          .limit(LIMITS.pushSubscriptionsPerUser)
          .execute(),
      ]);
      const ttl = Math.min(TTL_MAX, Math.max(0, Math.floor(message.ttlSeconds) || 0));
      const outcomes = await Promise.all(
        rows.map((row) =>
          this.limiter.run(() =>
            this.sendOne(row, body, keys, ttl, pushTopic(message.topic), options),
          ),
        ),
      );
      for (const outcome of outcomes) result[outcome] += 1;
    } catch (error) {
      // The database or the keys: nothing was sent.
      this.log.warn({ err: error }, 'push: could not send');
      result.failed = Math.max(result.failed, 1);
    }
    return result;
  }

  private async sendOne(
    row: PushSubscriptionsTable,
    body: string,
    keys: Keys,
    ttl: number,
    topic: string,
    options: SendOptions,
  ): Promise<keyof PushResult> {
    const origin = endpointUrl(row.endpoint);
    // PUSH_SERVICES may have narrowed since it was kept: never post outside it.
    if (!origin || !isAllowedEndpoint(origin, this.config.services)) {
      this.log.warn({ service: origin?.origin }, 'push: endpoint no longer allowed, not sent');
      return 'failed';
    }
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        body,
        {
          vapidDetails: { subject: this.config.subject, ...keys },
          contentEncoding: 'aes128gcm',
          TTL: ttl,
          urgency: 'high',
          topic,
        },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        // fetch sets the length from the body itself.
        if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
      }
      const response = await fetch(row.endpoint, {
        method: 'POST',
        headers,
        body: request.body,
        redirect: 'manual',
        signal: AbortSignal.any([
          this.closing.signal,
          AbortSignal.timeout(options.timeoutMs ?? SEND_TIMEOUT_MS),
        ]),
      });
      // The answer's body is never needed, and a hostile one could be endless.
      await response.body?.cancel().catch(() => {});
      if (response.status >= 200 && response.status < 300) return 'sent';
      if (response.status === 404 || response.status === 410) {
        await this.write((trx) =>
          trx.deleteFrom('push_subscriptions').where('id', '=', row.id).execute(),
        );
        return 'gone';
      }
      this.log.warn(
        { service: origin.origin, status: response.status },
        'push: the push service refused a message',
      );
      return 'failed';
    } catch (error) {
      // The endpoint is a secret of the browser's: the logs name its origin only.
      this.log.warn(
        { service: origin.origin, error: (error as Error).name, reason: (error as Error).message },
        'push: a message was not delivered',
      );
      return 'failed';
    }
  }

  /** The environment's pair, else the one kept in the database (made by whichever instance came first). */
  private vapidKeys(): Promise<Keys> {
    if (this.config.vapid) return Promise.resolve(this.config.vapid);
    this.keys ??= this.storedKeys().catch((error: unknown) => {
      // A database hiccup must not stick: the next call tries again.
      this.keys = undefined;
      throw error;
    });
    return this.keys;
  }

  private async storedKeys(): Promise<Keys> {
    const read = () =>
      this.db
        .selectFrom('server_keys')
        .select('value')
        .where('name', '=', VAPID_KEY_NAME)
        .executeTakeFirst();
    let row = await read();
    if (!row) {
      const fresh = webpush.generateVAPIDKeys();
      // Two instances starting together both insert; the first wins and both read it back.
      await this.db
        .insertInto('server_keys')
        .values({
          name: VAPID_KEY_NAME,
          value: JSON.stringify(fresh),
          created_at: this.clock().toISOString(),
        })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      row = await read();
    }
    if (!row) throw new Error('push: the VAPID key pair could not be stored');
    const { publicKey, privateKey } = JSON.parse(row.value) as Keys;
    return { publicKey, privateKey };
  }

  close(): void {
    this.closing.abort();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const push = new PushService(
      app.database.db,
      app.database.write,
      app.clock,
      app.config.push,
      app.log.child({ plugin: 'push' }),
    );
    app.decorate('push', push);
    app.addHook('onClose', async () => push.close());
  },
  { name: 'push', dependencies: ['database', 'config'] },
);
