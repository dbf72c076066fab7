// Serialized list pages (tasks, goals, labels, saved views, the dashboard) kept per user and served
// again while the user's data version is the one they were built at.
// users.data_version is bumped by triggers in the same transaction as every
// goal or task write (migration 0004), so reading it — one primary-key lookup —
// is enough to know a page is current, on every API instance at once. A
// repeated read then costs neither the list query nor the serialization.
import { LIVE_SYNC } from '@stride/shared/limits';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { CompiledQuery, Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema.js';

interface Entry {
  version: number;
  /** UTF-8 bytes, so a hit is sent without encoding the page again. */
  body: Buffer;
}

export class ListCache {
  /** Bounded by bytes (key and body), least recently used out first; null when caching is off. */
  private readonly entries: LRUCache<string, Entry> | null;
  private hits = 0;
  private misses = 0;
  /** Compiled once: this read is on every list request, and building it is not free. */
  private readonly versionQuery: CompiledQuery<{ data_version: number }>;

  /** @param maxBytes bound on the cached pages' total size; 0 turns caching off. */
  constructor(
    private readonly db: Kysely<Database>,
    maxBytes: number,
  ) {
    this.entries =
      maxBytes > 0
        ? new LRUCache<string, Entry>({
            maxSize: maxBytes,
            sizeCalculation: (entry, key) => key.length + entry.body.length,
          })
        : null;
    this.versionQuery = db
      .selectFrom('users')
      .select('data_version')
      .where('id', '=', '')
      .compile();
  }

  /**
   * Replies with the user's page named by `key` (which must hold every input
   * of the page but the user's data): the cached body while the version
   * holds, else `load()` serialized by the route's response schema. The
   * answer carries that version (LIVE_SYNC.versionHeader).
   */
  async send(
    reply: FastifyReply,
    userId: string,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    // Read before the page: a page read after version v holds every write up
    // to v, so it is never stored (nor labelled) with a version newer than its data.
    const version = await this.version(userId);
    if (version !== undefined) reply.header(LIVE_SYNC.versionHeader, String(version));
    if (!this.entries) return reply.send(await load());
    const cacheKey = `${userId}\n${key}`;
    const cached = this.entries.get(cacheKey);
    let body: Buffer;
    if (cached && cached.version === version) {
      this.hits++;
      body = cached.body;
    } else {
      this.misses++;
      // The route's JSON serializer: always a string.
      body = Buffer.from(reply.serialize(await load()) as string);
      // A page larger than the whole bound is simply not kept.
      if (version !== undefined) this.entries.set(cacheKey, { version, body });
    }
    return reply.type('application/json; charset=utf-8').send(body);
  }

  /** For /metrics: bytes held, and lookups since start. */
  stats(): { bytes: number; hits: number; misses: number } {
    return { bytes: this.entries?.calculatedSize ?? 0, hits: this.hits, misses: this.misses };
  }

  /** The user's data version: it counts every write to their goals and tasks (0004_data_version). */
  async version(userId: string): Promise<number | undefined> {
    const { rows } = await this.db.executeQuery<{ data_version: number }>({
      ...this.versionQuery,
      parameters: [userId],
    });
    const row = rows[0];
    return row === undefined ? undefined : Number(row.data_version);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    listCache: ListCache;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('listCache', new ListCache(app.database.db, app.config.listCacheMb * 1024 * 1024));
  },
  { name: 'list-cache', dependencies: ['database', 'config'] },
);
