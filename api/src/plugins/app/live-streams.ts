// The change streams open on this instance (GET /events/), by user and by
// session: bounded per user and in total, given each change of their user
// (one message carries the version every stream needs, so a change costs no
// query per stream), and ended when their session ends — by logout or logout
// of all devices here or on another instance (the change feed carries the
// sign-out), or by expiry (each stream checks at its session's end).

import type { ReminderNotice } from '@stride/shared/reminders';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { EndReason } from '../../lib/event-stream.js';
import type { Change, FeedMessage } from './change-feed.js';

/** What the registry needs of an open stream. */
export interface OpenStream {
  userId: string;
  /** Its session's id hash. */
  session: string;
  change(change: Change): void;
  /** A reminder going out now (reminder-scheduler.ts). */
  reminder(notice: ReminderNotice): void;
  end(reason: EndReason): void;
  /** Bytes written to it that its client has not taken yet. */
  readonly buffered: number;
}

export type Refusal = 'user' | 'total';

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}

export class StreamRegistry {
  private readonly byUser = new Map<string, Set<OpenStream>>();
  private readonly bySession = new Map<string, Set<OpenStream>>();
  private count = 0;

  constructor(private readonly limits: { streamsMax: number; streamsPerUser: number }) {}

  /** Why another stream of `userId` would be refused now, or null. */
  refusal(userId: string): Refusal | null {
    if (this.count >= this.limits.streamsMax) return 'total';
    if ((this.byUser.get(userId)?.size ?? 0) >= this.limits.streamsPerUser) return 'user';
    return null;
  }

  /** Registers an open stream; returns its removal (call it once the stream ended). */
  add(stream: OpenStream): () => void {
    addTo(this.byUser, stream.userId, stream);
    addTo(this.bySession, stream.session, stream);
    this.count++;
    let removed = false;
    return () => {
      if (removed) return;
      removed = true;
      removeFrom(this.byUser, stream.userId, stream);
      removeFrom(this.bySession, stream.session, stream);
      this.count--;
    };
  }

  /** A message of the change feed: a change to its user's streams, a sign-out ends streams. */
  deliver(message: FeedMessage): void {
    if (message.type === 'change') {
      for (const stream of this.byUser.get(message.userId) ?? []) stream.change(message);
      return;
    }
    if (message.type === 'reminder') {
      for (const stream of this.byUser.get(message.userId) ?? []) stream.reminder(message.notice);
      return;
    }
    const ended =
      'userId' in message ? this.byUser.get(message.userId) : this.bySession.get(message.session);
    for (const stream of [...(ended ?? [])]) stream.end('signed-out');
  }

  endAll(reason: EndReason): void {
    for (const streams of [...this.byUser.values()]) {
      for (const stream of [...streams]) stream.end(reason);
    }
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held for all streams' clients (for /metrics and the backpressure test). */
  get buffered(): number {
    let bytes = 0;
    for (const streams of this.byUser.values())
      for (const stream of streams) bytes += stream.buffered;
    return bytes;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    liveStreams: StreamRegistry;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const registry = new StreamRegistry(app.config.liveSync);
    app.decorate('liveStreams', registry);
    const unlisten = app.changes.listen((message, fromElsewhere) => {
      // Without Redis the cache's invalidations stay on their instance: the
      // sign-out drops this instance's cached copy of the session too, so a
      // stream reopened here is refused at once.
      if (fromElsewhere && message.type === 'sign-out') {
        app.cache.apply(
          'userId' in message
            ? { tag: `user:${message.userId}` }
            : { key: `session:${message.session}` },
        );
      }
      registry.deliver(message);
    });
    app.addHook('onClose', async () => {
      unlisten();
    });
    app.sessions.onEnded = (ended) => app.changes.publish({ type: 'sign-out', ...ended });
    app.addHook('preClose', async () => registry.endAll('closing'));
  },
  { name: 'live-streams', dependencies: ['config', 'change-feed', 'sessions', 'cache'] },
);
