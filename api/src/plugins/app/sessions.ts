// Sessions: opaque 256-bit ids in the cookie, only their SHA-256 in the
// database; absolute and idle expiry; a short-lived cache in front so that
// reading the session costs no query on most requests.

import type { User } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { isLockBusy } from '../../db/group-commit.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { toUserJson } from '../../lib/user-json.js';
import type { MemoryCache } from '../external/cache.js';

export interface ActiveSession {
  idHash: string;
  userId: string;
  user: User;
  expiresAt: number;
  lastSeenAt: number;
}

/** How long a cached session is trusted before the database is asked again. */
const CACHE_TTL_MS = 5_000;
/** last_seen_at is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;
const PURGE_EVERY_MS = 10 * 60_000;

/** Sessions that were ended: all of a user's, or one, named by its id's hash. */
export type EndedSessions = { userId: string } | { session: string };

export class SessionService {
  /** Told whenever sessions are ended on purpose (live-streams.ts ends their change streams). */
  onEnded: (ended: EndedSessions) => void = () => {};

  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: MemoryCache,
    private readonly clock: Clock,
    private readonly absoluteTtlMs: number,
    private readonly idleTtlMs: number,
  ) {}

  /** Creates a session and returns the raw id for the cookie (never stored). */
  async create(userId: string): Promise<string> {
    const id = randomToken();
    const now = this.clock();
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: hashToken(id),
        user_id: userId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.absoluteTtlMs).toISOString(),
      })
      .execute();
    return id;
  }

  async resolve(rawId: string | undefined): Promise<ActiveSession | null> {
    if (!rawId || rawId.length > 128) return null;
    const idHash = hashToken(rawId);
    const session = this.cache.get<ActiveSession>(`session:${idHash}`) ?? (await this.load(idHash));
    if (!session) return null;
    const now = this.clock().getTime();
    if (now >= session.expiresAt || now >= session.lastSeenAt + this.idleTtlMs) {
      await this.destroyHash(idHash);
      return null;
    }
    if (now - session.lastSeenAt >= TOUCH_EVERY_MS) {
      session.lastSeenAt = now;
      try {
        await this.db
          .updateTable('sessions')
          .set({ last_seen_at: new Date(now).toISOString() })
          .where('id_hash', '=', idHash)
          .execute();
      } catch (error) {
        // Bookkeeping on a read: a database locked by another process must
        // not turn "who am I" into a 503. The next touch catches up.
        if (!isLockBusy(error)) throw error;
      }
    }
    return session;
  }

  /**
   * The session named by its id's hash while it is live, else null: what a
   * long-lived change stream asks when its session may have expired. Reading
   * is not activity, so unlike resolve() it never extends the idle expiry.
   */
  async check(idHash: string): Promise<ActiveSession | null> {
    const session = this.cache.get<ActiveSession>(`session:${idHash}`) ?? (await this.load(idHash));
    return session && this.clock().getTime() < this.endsAt(session) ? session : null;
  }

  /** When the session ends unless it is used again: its absolute or its idle expiry. */
  endsAt(session: ActiveSession): number {
    return Math.min(session.expiresAt, session.lastSeenAt + this.idleTtlMs);
  }

  async destroy(rawId: string | undefined): Promise<void> {
    if (rawId && rawId.length <= 128) await this.destroyHash(hashToken(rawId));
  }

  async destroyAll(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
    this.cache.deleteTag(`user:${userId}`);
    this.onEnded({ userId });
  }

  /** Drops cached copies of a user after their profile changed. */
  forgetUser(userId: string): void {
    this.cache.deleteTag(`user:${userId}`);
  }

  async purgeExpired(): Promise<void> {
    const now = this.clock();
    const idleCutoff = new Date(now.getTime() - this.idleTtlMs).toISOString();
    await this.db
      .deleteFrom('sessions')
      .where((eb) =>
        eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_seen_at', '<=', idleCutoff)]),
      )
      .execute();
    await this.db
      .deleteFrom('sign_in_transactions')
      .where('expires_at', '<=', now.toISOString())
      .execute();
  }

  private async destroyHash(idHash: string): Promise<void> {
    this.cache.delete(`session:${idHash}`);
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
    this.onEnded({ session: idHash });
  }

  private async load(idHash: string): Promise<ActiveSession | null> {
    const row = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.expires_at', 'sessions.last_seen_at'])
      .where('sessions.id_hash', '=', idHash)
      .executeTakeFirst();
    if (!row) return null;
    const session: ActiveSession = {
      idHash,
      userId: row.id,
      user: toUserJson(row),
      expiresAt: Date.parse(row.expires_at),
      lastSeenAt: Date.parse(row.last_seen_at),
    };
    this.cache.set(`session:${idHash}`, session, CACHE_TTL_MS, [`user:${row.id}`]);
    return session;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
  }
}

async function sessions(app: FastifyInstance) {
  const service = new SessionService(
    app.database.db,
    app.cache,
    app.clock,
    app.config.sessionAbsoluteTtlMs,
    app.config.sessionIdleTtlMs,
  );
  app.decorate('sessions', service);

  const purge = () =>
    service.purgeExpired().catch((err) => app.log.warn({ err }, 'session purge failed'));
  app.addHook('onReady', purge);
  const timer = setInterval(purge, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

export default fp(sessions, { name: 'sessions', dependencies: ['database', 'cache', 'config'] });
