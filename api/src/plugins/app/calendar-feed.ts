// Each user's calendar feed: a secret address that lists their due tasks
// (docs/decisions.md, "A calendar feed"). Only the hash of its secret is
// kept, as for sessions, so the address is shown once, when it is made; a
// new one replaces it (the old one is dead at once), and turning the feed
// off deletes it. The address carries no session and opens nothing else.
import { LIMITS } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FeedTask } from '../../lib/ics.js';
import type { Clock } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';

/** A feed's secret as the address carries it: 32 random bytes, base64url. */
export const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export class CalendarFeedService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async status(userId: string): Promise<{ enabled: boolean; created_at: string | null }> {
    const row = await this.db
      .selectFrom('calendar_feeds')
      .select('created_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { enabled: Boolean(row), created_at: row?.created_at ?? null };
  }

  /** A new secret for the user's feed, replacing any other: returns it and when it was made. */
  async renew(userId: string): Promise<{ token: string; created_at: string }> {
    const token = randomToken();
    const created_at = this.clock().toISOString();
    const row = { user_id: userId, token_hash: hashToken(token), created_at };
    await this.db
      .insertInto('calendar_feeds')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet({ token_hash: row.token_hash, created_at }),
      )
      .execute();
    return { token, created_at };
  }

  async disable(userId: string): Promise<void> {
    await this.db.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  }

  /** The owner of a feed secret, with their zone; null for any secret not current. */
  async ownerOf(token: string): Promise<{ userId: string; timeZone: string | null } | null> {
    if (!FEED_TOKEN.test(token)) return null;
    const row = await this.db
      .selectFrom('calendar_feeds')
      .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
      .select(['users.id as userId', 'users.timezone as timeZone'])
      .where('calendar_feeds.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    return row ?? null;
  }

  /** The user's tasks still to do that have a due date, soonest first, at most the feed's limit. */
  async dueTasks(userId: string): Promise<FeedTask[]> {
    const rows = await this.db
      .selectFrom('tasks')
      .select([
        'id',
        'title',
        'notes',
        'priority',
        'due_date',
        'due_time',
        'repeat_rule',
        'repeat_from',
        'updated_at',
      ])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .where('status', '<>', 'done')
      .where('due_date', 'is not', null)
      .orderBy('due_date')
      .orderBy('due_time')
      .orderBy('id')
      .limit(LIMITS.calendarFeedTasksMax)
      .execute();
    return rows.map((row) => ({ ...row, due_date: row.due_date as string }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    calendarFeed: CalendarFeedService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('calendarFeed', new CalendarFeedService(app.database.db, app.clock));
  },
  { name: 'calendar-feed', dependencies: ['database'] },
);
