// Live sync (issue 14): every write a user makes is announced to that user's
// open tabs and devices, on every API instance. The event names what kind of
// data changed and which tab made the change; the tabs refetch.
//
// Fan-out: with Redis (REDIS_URL) each change is published on one channel
// and every instance delivers it to its own streams; without Redis, on
// PostgreSQL, through LISTEN/NOTIFY; on one SQLite process, in memory. A
// transport that goes away degrades to this instance and recovers by
// itself (the Redis client and the PostgreSQL listener both reconnect).
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { connectRedis, firstConnection } from '../external/redis.js';

/** What changed: the Tasks, the Goals, or the user's profile. */
export type ChangeKind = 'tasks' | 'goals' | 'profile';

export interface Change {
  userId: string;
  kind: ChangeKind;
  /** The tab that made the change (its X-Stride-Client header), so it can skip its own echo. */
  client: string | null;
}

type Listener = (change: Change) => void;

const KINDS: readonly ChangeKind[] = ['tasks', 'goals', 'profile'];
const isChange = (value: unknown): value is Change => {
  const change = value as Partial<Change> | null;
  return (
    typeof change?.userId === 'string' &&
    KINDS.includes(change.kind as ChangeKind) &&
    (change.client === null || typeof change.client === 'string')
  );
};

/** Local delivery, and a transport that carries changes to the other instances. */
export class ChangeFeed {
  private readonly local = new EventEmitter();
  /** Set by the transport: sends a change to the other instances. */
  broadcast: (message: string) => void = () => {};

  constructor(readonly instance = randomUUID()) {
    // One listener per open stream: many tabs are normal, not a leak.
    this.local.setMaxListeners(0);
  }

  /** Announces a change here and to the other instances. */
  publish(change: Change): void {
    this.local.emit('change', change);
    this.broadcast(JSON.stringify({ from: this.instance, ...change }));
  }

  /** A message from the transport: delivered here unless this instance sent it. */
  receive(message: string): void {
    try {
      const event: unknown = JSON.parse(message);
      const { from, ...change } = event as Change & { from?: string };
      if (from !== this.instance && isChange(change)) this.local.emit('change', change);
    } catch {
      // Not ours to read.
    }
  }

  /** Calls `listener` with every change of `userId`; returns the unsubscribe. */
  subscribe(userId: string, listener: Listener): () => void {
    const filtered = (change: Change) => {
      if (change.userId === userId) listener(change);
    };
    this.local.on('change', filtered);
    return () => this.local.off('change', filtered);
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
