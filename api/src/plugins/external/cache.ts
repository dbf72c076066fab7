// The in-process cache (design.md §6): a bounded map with TTLs and tags, so a
// user's entries can be dropped together. Redis is not wired yet (REDIS_URL is
// refused at boot); with several API instances keep the TTLs short.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

interface Entry {
  value: unknown;
  expiresAt: number;
  tags: string[];
}

export class MemoryCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tagged = new Map<string, Set<string>>();

  constructor(private readonly maxEntries = 50_000) {}

  get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry.value as T;
  }

  set(key: string, value: unknown, ttlMs: number, tags: string[] = []): void {
    this.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs, tags });
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
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) this.tagged.get(tag)?.delete(key);
  }

  deleteTag(tag: string): void {
    for (const key of this.tagged.get(tag) ?? []) this.delete(key);
    this.tagged.delete(tag);
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
