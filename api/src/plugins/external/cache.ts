// The in-process cache (docs/architecture.md §6): lru-cache with TTLs, plus tags so a
// user's entries can be dropped together. Each API instance keeps its own;
// with Redis (REDIS_URL) every delete is also published, so a logout or a
// profile change on one instance drops the copies on all of them at once.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { withTimeout } from '../../lib/time.js';
import { connectRedis, firstConnection } from './redis.js';

interface Entry {
  value: unknown;
  tags: string[];
}

/** A delete that other instances must apply to their own copies. */
export type Invalidation = { key: string } | { tag: string };

/** Bounded (least recently used out first), with a TTL per entry and tags to drop a user's entries together. */
export class MemoryCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly tagged = new Map<string, Set<string>>();

  /** Told of every delete made here (not of those applied from elsewhere). */
  onInvalidate: (invalidation: Invalidation) => void = () => {};

  /** `clock` reads the time in milliseconds (a test's own clock moves expiry without waiting). */
  constructor(maxEntries = 50_000, clock: { now(): number } = performance) {
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
      perf: clock,
      ttlResolution: 0,
      // Whatever takes an entry out (eviction, expiry, overwrite, delete), its tags forget it.
      dispose: (entry, key) => {
        for (const tag of entry.tags) {
          const keys = this.tagged.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) this.tagged.delete(tag);
        }
      },
    });
  }

  get<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  set(key: string, value: unknown, ttlMs: number, tags: string[] = []): void {
    this.entries.set(key, { value, tags }, { ttl: ttlMs });
    for (const tag of tags) {
      let keys = this.tagged.get(tag);
      if (!keys) {
        keys = new Set();
        this.tagged.set(tag, keys);
      }
      keys.add(key);
    }
  }

  delete(key: string): void {
    this.apply({ key });
    this.onInvalidate({ key });
  }

  deleteTag(tag: string): void {
    this.apply({ tag });
    this.onInvalidate({ tag });
  }

  /** Applies a delete here only: one made by this or another instance. */
  apply(invalidation: Invalidation): void {
    if ('key' in invalidation) {
      this.entries.delete(invalidation.key);
      return;
    }
    for (const key of [...(this.tagged.get(invalidation.tag) ?? [])]) this.entries.delete(key);
    this.tagged.delete(invalidation.tag);
  }

  /** Entries held now, expired ones not yet swept included (for the bound's test). */
  get size(): number {
    return this.entries.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    cache: MemoryCache;
    /** The cache's health: Redis answers a PING within 500 ms (always true without Redis). */
    cacheHealthy: () => Promise<boolean>;
  }
}

function isInvalidation(value: unknown): value is Invalidation & { from: string } {
  const event = value as { from?: unknown; key?: unknown; tag?: unknown } | null;
  return (
    typeof event?.from === 'string' &&
    (typeof event.key === 'string' || typeof event.tag === 'string')
  );
}

async function cache(app: FastifyInstance) {
  const memory = new MemoryCache();
  app.decorate('cache', memory);
  const redis = app.redis;
  if (!redis) {
    // Nothing separate that could fail: the cache is this process's memory.
    app.decorate('cacheHealthy', async () => true);
    return;
  }
  app.decorate('cacheHealthy', () =>
    withTimeout(redis.ping(), 500, 'redis ping').then(
      (answer) => answer === 'PONG',
      () => false,
    ),
  );

  const instance = randomUUID();
  // Channels take no key prefix: the deployment's prefix is written into the name.
  const channel = `${app.config.redisPrefix}cache-invalidate`;
  memory.onInvalidate = (invalidation) => {
    // Redis away: the other instances' copies expire with their TTL instead.
    redis.publish(channel, JSON.stringify({ from: instance, ...invalidation })).catch(() => {});
  };
  // A subscribed connection can do nothing else: a second one, which queues
  // its SUBSCRIBE until connected and subscribes again after a reconnect.
  const subscriber = connectRedis(app, { offlineQueue: true });
  subscriber.subscribe(channel).catch(() => {});
  await firstConnection(subscriber);
  subscriber.on('message', (_channel: string, message: string) => {
    try {
      const event: unknown = JSON.parse(message);
      if (isInvalidation(event) && event.from !== instance) {
        memory.apply('key' in event ? { key: event.key } : { tag: event.tag });
      }
    } catch {
      // Not ours to read.
    }
  });
  app.addHook('onClose', async () => {
    subscriber.disconnect();
  });
}

export default fp(cache, { name: 'cache', dependencies: ['config', 'redis'] });
