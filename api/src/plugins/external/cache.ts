// The in-process cache (design.md §6): lru-cache with TTLs, plus tags so a
// user's entries can be dropped together. Redis is not wired yet (REDIS_URL is
// refused at boot); with several API instances keep the TTLs short.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

interface Entry {
  value: unknown;
  tags: string[];
}

/** Bounded (least recently used out first), with a TTL per entry and tags to drop a user's entries together. */
export class MemoryCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly tagged = new Map<string, Set<string>>();

  constructor(maxEntries = 50_000) {
    this.entries = new LRUCache<string, Entry>({
      max: maxEntries,
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
    this.entries.delete(key);
  }

  deleteTag(tag: string): void {
    for (const key of [...(this.tagged.get(tag) ?? [])]) this.entries.delete(key);
    this.tagged.delete(tag);
  }

  /** Entries held now, expired ones not yet swept included (for the bound's test). */
  get size(): number {
    return this.entries.size;
  }

  /** A real write and read, for the health check. */
  ping(): boolean {
    const token = Math.random().toString(36);
    this.set('health:ping', token, 1000);
    return this.get('health:ping') === token;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    cache: MemoryCache;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('cache', new MemoryCache());
  },
  { name: 'cache' },
);
