// Live sync: every write a user makes is announced to that user's
// open tabs and devices, on every API instance. The event names what kind of
// data changed, which tab made the change and the user's data version after
// it (read once, by the instance that made the change); the tabs refetch.
// A session that ends (logout, logout of all devices) is announced the same
// way, so its streams end on every instance; so is a reminder going out
// (reminder-scheduler.ts), so the user's open tabs show it wherever they are
// connected.
//
// Fan-out: with Redis (REDIS_URL) each message is published on one channel
// and every instance delivers it to its own streams; without Redis, on
// PostgreSQL, through LISTEN/NOTIFY; on one SQLite process, in memory. A
// transport that goes away degrades to this instance and recovers by
// itself (the Redis client and the PostgreSQL listener both reconnect).
import { randomUUID } from 'node:crypto';
import { type ReminderNotice, readReminderNotice } from '@stride/shared/reminders';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { connectRedis, firstConnection } from '../external/redis.js';

/** What changed: the Tasks, the Goals, or the user's profile. */
export type ChangeKind = 'tasks' | 'goals' | 'profile';

export interface Change {
  type: 'change';
  userId: string;
  kind: ChangeKind;
  /** The tab that made the change (its X-Stride-Client header), so it can skip its own echo. */
  client: string | null;
  /** The user's data version once the change was made; null when it could not be read. */
  version: number | null;
}

/** Sessions that ended: all of a user's (logout of all devices), or one, by its id's hash. */
export type SignOut = { type: 'sign-out'; userId: string } | { type: 'sign-out'; session: string };

/** A reminder going out now, for the user's open tabs. */
export interface ReminderOut {
  type: 'reminder';
  userId: string;
  notice: ReminderNotice;
}

export type FeedMessage = Change | SignOut | ReminderOut;

type Listener = (message: FeedMessage, fromElsewhere: boolean) => void;

const KINDS: readonly ChangeKind[] = ['tasks', 'goals', 'profile'];
const MAX_ID = 128;
const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID;

/** A message from another instance, rebuilt from its known fields only; null when it is not one. */
export function readMessage(value: unknown): FeedMessage | null {
  const message = value as Record<string, unknown> | null;
  if (typeof message !== 'object' || message === null) return null;
  if (message.type === 'reminder') {
    const notice = readReminderNotice(message.notice);
    return isId(message.userId) && notice
      ? { type: 'reminder', userId: message.userId, notice }
      : null;
  }
  if (message.type === 'sign-out') {
    if (isId(message.userId)) return { type: 'sign-out', userId: message.userId };
    if (isId(message.session)) return { type: 'sign-out', session: message.session };
    return null;
  }
  // An instance of the release before this one sends changes without a type or a version.
  if (message.type !== undefined && message.type !== 'change') return null;
  const { userId, kind, client, version } = message;
  if (!isId(userId) || !KINDS.includes(kind as ChangeKind)) return null;
  if (client !== null && !(typeof client === 'string' && client.length <= MAX_ID)) return null;
  return {
    type: 'change',
    userId,
    kind: kind as ChangeKind,
    client,
    version: Number.isSafeInteger(version) ? (version as number) : null,
  };
}

/** Local delivery, and a transport that carries messages to the other instances. */
export class ChangeFeed {
  private readonly listeners = new Set<Listener>();
  /** Set by the transport: sends a message to the other instances. */
  broadcast: (message: string) => void = () => {};

  constructor(readonly instance = randomUUID()) {}

  /** Announces a change or a sign-out here and to the other instances. */
  publish(message: FeedMessage): void {
    this.deliver(message, false);
    this.broadcast(JSON.stringify({ from: this.instance, ...message }));
  }

  /** A message from the transport: delivered here unless this instance sent it. */
  receive(text: string): void {
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      return; // Not ours to read.
    }
    if ((event as { from?: unknown } | null)?.from === this.instance) return;
    const message = readMessage(event);
    if (message) this.deliver(message, true);
  }

  /** Calls `listener` with every message, local or from elsewhere; returns the unsubscribe. */
  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private deliver(message: FeedMessage, fromElsewhere: boolean): void {
    for (const listener of this.listeners) listener(message, fromElsewhere);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

async function overRedis(app: FastifyInstance, feed: ChangeFeed): Promise<void> {
  const redis = app.redis;
  if (!redis) return;
  // Channels take no key prefix: the deployment's prefix is written into the name.
  const channel = `${app.config.redisPrefix}changes`;
  feed.broadcast = (message) => {
    redis.publish(channel, message).catch(() => {});
  };
  const subscriber = connectRedis(app, { offlineQueue: true });
  subscriber.subscribe(channel).catch(() => {});
  await firstConnection(subscriber);
  subscriber.on('message', (_channel: string, message: string) => feed.receive(message));
  app.addHook('onClose', async () => {
    subscriber.disconnect();
  });
}

const PG_CHANNEL = 'stride_changes';
const PG_RETRY_MS = 2000;

async function overPostgres(app: FastifyInstance, feed: ChangeFeed): Promise<void> {
  const url = app.config.databaseUrl;
  if (!url) return;
  let client: pg.Client | null = null;
  let closing = false;
  // One dedicated connection LISTENs; a lost one is replaced after a pause.
  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', () => {});
    next.on('end', () => {
      client = null;
      if (!closing) setTimeout(() => void listen(), PG_RETRY_MS).unref();
    });
    next.on('notification', (notice) => notice.payload && feed.receive(notice.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
      client = next;
    } catch (error) {
      app.log.warn({ err: (error as Error).message }, 'changes: cannot LISTEN, retrying');
      await next.end().catch(() => {});
    }
  };
  await listen();
  feed.broadcast = (message) => {
    app.database.db
      .selectNoFrom((eb) => eb.fn('pg_notify', [eb.val(PG_CHANNEL), eb.val(message)]).as('sent'))
      .execute()
      .catch(() => {});
  };
  app.addHook('onClose', async () => {
    closing = true;
    await client?.end().catch(() => {});
  });
}

export default fp(
  async (app: FastifyInstance) => {
    const feed = new ChangeFeed();
    app.decorate('changes', feed);
    if (app.redis) await overRedis(app, feed);
    else if (app.database.dialect === 'postgres') await overPostgres(app, feed);
  },
  { name: 'change-feed', dependencies: ['config', 'redis', 'database'] },
);
