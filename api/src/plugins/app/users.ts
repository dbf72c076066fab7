// Users and their identities. An identity is keyed by (provider, subject),
// never by email: an email can change hands, a subject cannot.
import { randomUUID } from 'node:crypto';
import type { OnboardingInput, ProfileUpdate } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { HttpError } from '../../lib/errors.js';
import { rezoneReminders } from '../../lib/task-reminders.js';
import type { Clock } from '../../lib/time.js';
import { isUniqueViolation } from '../../lib/validate.js';

export interface ProviderProfile {
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

const usernameTaken = () =>
  new HttpError(409, 'username_taken', 'That username is taken', {
    username: 'That username is taken',
  });

export class UserService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async byId(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Finds the user of an identity, creating both on first sign-in. */
  async signIn(provider: string, subject: string, profile: ProviderProfile): Promise<UserRow> {
    const existing = await this.byIdentity(provider, subject);
    if (existing) return existing;
    const now = this.clock().toISOString();
    const id = randomUUID();
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id,
            email: profile.email,
            username: null,
            first_name: profile.firstName,
            last_name: profile.lastName,
            profile_picture: profile.picture,
            timezone: null,
            onboarding_completed: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('identities')
          .values({ provider, subject, user_id: id, email: profile.email, created_at: now })
          .execute();
      });
    } catch (err) {
      // Two first sign-ins raced: the other one created the identity.
      if (!isUniqueViolation(err)) throw err;
    }
    const user = await this.byIdentity(provider, subject);
    if (!user) throw new Error('identity vanished after insert');
    return user;
  }

  async isUsernameAvailable(username: string, exceptUserId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    return !row || row.id === exceptUserId;
  }

  async updateProfile(userId: string, patch: ProfileUpdate): Promise<UserRow> {
    if (patch.username !== undefined && !(await this.isUsernameAvailable(patch.username, userId))) {
      throw usernameTaken();
    }
    try {
      await this.db
        .updateTable('users')
        .set({ ...patch, updated_at: this.clock().toISOString() })
        .where('id', '=', userId)
        .execute();
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
    // "30 minutes before" a due time counts on the user's clock.
    if (patch.timezone !== undefined) {
      await rezoneReminders(this.db, userId, patch.timezone, this.clock());
    }
    return this.mustGet(userId);
  }

  /** Idempotent: a user who already finished onboarding is returned unchanged. */
  async completeOnboarding(userId: string, input: OnboardingInput): Promise<UserRow> {
    const user = await this.mustGet(userId);
    if (user.onboarding_completed === 1) return user;
    if (!(await this.isUsernameAvailable(input.username, userId))) throw usernameTaken();
    const now = this.clock().toISOString();
    try {
      await this.db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('users')
          .set({
            first_name: input.first_name,
            last_name: input.last_name,
            username: input.username,
            ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
            onboarding_completed: 1,
            updated_at: now,
          })
          .where('id', '=', userId)
          .where('onboarding_completed', '=', 0)
          .executeTakeFirst();
        // A concurrent call finished first: nothing more to do.
        if (Number(updated.numUpdatedRows) === 0 || !input.first_goal) return;
        await trx
          .insertInto('goals')
          .values({
            id: randomUUID(),
            user_id: userId,
            title: input.first_goal.title,
            description: null,
            status: 'active',
            target_date: input.first_goal.target_date ?? null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw usernameTaken();
      throw err;
    }
    return this.mustGet(userId);
  }

  private async mustGet(userId: string): Promise<UserRow> {
    const user = await this.byId(userId);
    if (!user) throw new HttpError(401, 'not_authenticated', 'Not signed in');
    return user;
  }

  private async byIdentity(provider: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('identities')
      .innerJoin('users', 'users.id', 'identities.user_id')
      .selectAll('users')
      .where('identities.provider', '=', provider)
      .where('identities.subject', '=', subject)
      .executeTakeFirst();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    users: UserService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('users', new UserService(app.database.db, app.clock));
  },
  { name: 'users', dependencies: ['database', 'config'] },
);
