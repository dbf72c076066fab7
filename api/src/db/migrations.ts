// Schema migrations, run at start by the database plugin. Append new entries;
// never edit one that has shipped. Only portable column types are used
// (text, integer) so SQLite and PostgreSQL share them; the few statements
// that differ (triggers) take the dialect.
import { generateNKeysBetween } from 'fractional-indexing';
import { type Kysely, sql } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import type { DatabaseHandle } from './connect.js';

type Dialect = DatabaseHandle['dialect'];

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types
type AnyDb = Kysely<any>;

const migrations = (dialect: Dialect): Record<string, Migration> => ({
  '0001_auth': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text')
        .addColumn('username', 'text', (c) => c.unique())
        .addColumn('first_name', 'text')
        .addColumn('last_name', 'text')
        .addColumn('profile_picture', 'text')
        .addColumn('timezone', 'text')
        .addColumn('onboarding_completed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('identities')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('identities_pk', ['provider', 'subject'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
      await db.schema
        .createIndex('sessions_expires_at')
        .on('sessions')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('sign_in_transactions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('redirect_uri', 'text', (c) => c.notNull())
        .addColumn('return_origin', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_goals': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('goals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('target_date', 'text')
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('goals_user_id').on('goals').column('user_id').execute();
    },
  },
  '0003_tasks': {
    async up(db: AnyDb) {
      await db.schema.alterTable('goals').addColumn('deleted_at', 'text').execute();
      await db.schema
        .createIndex('goals_user_live')
        .on('goals')
        .columns(['user_id', 'deleted_at', 'status'])
        .execute();
      await db.schema.createIndex('goals_deleted_at').on('goals').column('deleted_at').execute();
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('goal_id', 'text', (c) => c.references('goals.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('notes', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('todo'))
        .addColumn('priority', 'text', (c) => c.notNull().defaultTo('none'))
        .addColumn('priority_rank', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('due_date', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .addColumn('deleted_with_goal', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The default list (newest first) walks this index backwards.
      await db.schema
        .createIndex('tasks_user_created')
        .on('tasks')
        .columns(['user_id', 'deleted_at', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('tasks_user_due')
        .on('tasks')
        .columns(['user_id', 'due_date'])
        .execute();
      await db.schema
        .createIndex('tasks_user_completed')
        .on('tasks')
        .columns(['user_id', 'completed_at'])
        .execute();
      await db.schema.createIndex('tasks_goal_id').on('tasks').column('goal_id').execute();
      await db.schema.createIndex('tasks_deleted_at').on('tasks').column('deleted_at').execute();
    },
  },
  '0004_data_version': {
    // users.data_version counts every write to the user's goals and tasks. A
    // cached list page is served only while the version it was built at is
    // still current (plugins/app/list-cache.ts). Triggers bump it in the same
    // transaction as the write, so no write path can forget it and every API
    // instance sees it.
    async up(db: AnyDb) {
      await db.schema
        .alterTable('users')
        .addColumn('data_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === 'postgres') {
        await sql`
          create function stride_bump_data_version() returns trigger language plpgsql as $$
          begin
            update users set data_version = data_version + 1
              where id = case when tg_op = 'DELETE' then old.user_id else new.user_id end;
            return null;
          end $$`.execute(db);
        for (const table of ['goals', 'tasks']) {
          await sql`
            create trigger ${sql.raw(`${table}_data_version`)}
            after insert or update or delete on ${sql.table(table)}
            for each row execute function stride_bump_data_version()`.execute(db);
        }
        return;
      }
      for (const table of ['goals', 'tasks']) {
        for (const [event, row] of [
          ['insert', 'new'],
          ['update', 'new'],
          ['delete', 'old'],
        ] as const) {
          await sql`
            create trigger ${sql.raw(`${table}_data_version_${event}`)}
            after ${sql.raw(event)} on ${sql.table(table)}
            begin
              update users set data_version = data_version + 1
                where id = ${sql.raw(row)}.user_id;
            end`.execute(db);
        }
      }
    },
  },
  '0005_partial_task_indexes': {
    // Most tasks are live, undone and many have no due date: index only the
    // rows each query can match, so writing a typical task touches fewer
    // b-trees. A comparison on the column implies "is not null", so the
    // planner still uses them. tasks_goal_id stays whole: foreign-key actions
    // cannot use a partial index.
    async up(db: AnyDb) {
      for (const [name, columns, column] of [
        ['tasks_user_due', ['user_id', 'due_date'], 'due_date'],
        ['tasks_user_completed', ['user_id', 'completed_at'], 'completed_at'],
        ['tasks_deleted_at', ['deleted_at'], 'deleted_at'],
      ] as const) {
        await db.schema.dropIndex(name).execute();
        await db.schema
          .createIndex(name)
          .on('tasks')
          .columns([...columns])
          .where(sql.ref(column), 'is not', null)
          .execute();
      }
    },
  },
  '0006_remote_loads': {
    // Remote loads reported by browsers (routes/telemetry.ts): kept for a day,
    // read by app and version over the last minutes.
    async up(db: AnyDb) {
      await db.schema
        .createTable('remote_loads')
        .addColumn('app', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('phase', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remote_loads_created_at')
        .on('remote_loads')
        .columns(['created_at', 'app', 'version'])
        .execute();
    },
  },
  '0007_task_times_repeats_steps': {
    // A time of day beside the due date, a repeat rule, and the checklist
    // (one level, small, always read and written with its task: a JSON text
    // column, versioned with the row). Completing an occurrence of a repeating
    // task moves the task on and records the occurrence here, for the
    // dashboard's chart and for export.
    async up(db: AnyDb) {
      await db.schema.alterTable('tasks').addColumn('due_time', 'text').execute();
      await db.schema.alterTable('tasks').addColumn('repeat_rule', 'text').execute();
      await db.schema.alterTable('tasks').addColumn('subtasks', 'text').execute();
      await db.schema
        .createTable('task_completions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('occurrence_date', 'text')
        .addColumn('completed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_completions_user_completed')
        .on('task_completions')
        .columns(['user_id', 'completed_at'])
        .execute();
      await db.schema
        .createIndex('task_completions_task')
        .on('task_completions')
        .column('task_id')
        .execute();
    },
  },
  '0008_remote_load_clients': {
    // Remote loads are counted per browser (plugins/app/telemetry.ts): each
    // row names its browser and its address (hashes), and an increasing id
    // lets the table be capped oldest first. The table is made again: it
    // holds a day of anonymous figures, and the watcher waits for new ones.
    // Rows of an instance still on the release before this get '' for both.
    async up(db: AnyDb) {
      await db.schema.dropTable('remote_loads').execute();
      await db.schema
        .createTable('remote_loads')
        .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
        .addColumn('app', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('phase', 'text')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('origin', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('remote_loads_created_at')
        .on('remote_loads')
        .column('created_at')
        .execute();
      // The figures group the window by browser: read in this order, with
      // every column they need, they take no sort and no table lookup.
      await db.schema
        .createIndex('remote_loads_by_client')
        .on('remote_loads')
        .columns(['app', 'version', 'client', 'origin', 'created_at', 'outcome', 'duration_ms'])
        .execute();
    },
  },
  '0009_calendar_feeds': {
    // One feed per user; turning it off deletes the row, a new address
    // replaces the hash. Only the hash is kept, as for sessions.
    async up(db: AnyDb) {
      await db.schema
        .createTable('calendar_feeds')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0010_repeat_from': {
    // "every! 3 days": the next day counts from the day a task was done.
    // Every task until now counts from its due day.
    async up(db: AnyDb) {
      await db.schema
        .alterTable('tasks')
        .addColumn('repeat_from', 'text', (c) => c.notNull().defaultTo('due'))
        .execute();
    },
  },
  '0011_task_position': {
    // The user's own order (docs/architecture.md §4 "Own order"): a
    // fractional-indexing key per task, unique per user so no two tasks tie.
    // PostgreSQL compares it byte by byte (COLLATE "C"), as SQLite does, so
    // both order the keys as the library made them. Every task so far is
    // given a key in the order the default list showed it: newest first.
    async up(db: AnyDb) {
      const type = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
      await db.schema.alterTable('tasks').addColumn('position', type).execute();
      await backfillPositions(db);
      await db.schema
        .createIndex('tasks_user_position')
        .on('tasks')
        .columns(['user_id', 'position'])
        .unique()
        .execute();
    },
  },
  '0012_labels_and_views': {
    // Labels (many per task) and saved filter views (docs/architecture.md §4,
    // "Labels" and "Filters"). A label's name is unique per user whatever its
    // case: `name_key` is its lower-cased form. Both tables bump the user's
    // data version like goals and tasks, so cached list pages and live sync
    // see a label added to a task, a rename or a new view.
    async up(db: AnyDb) {
      await db.schema
        .createTable('labels')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // Compared byte by byte on both dialects, like tasks.position: a
        // task's labels list in the same order everywhere.
        .addColumn('name_key', dialect === 'postgres' ? sql`text collate "C"` : sql`text`, (c) =>
          c.notNull(),
        )
        .addColumn('color', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('labels_user_name')
        .on('labels')
        .columns(['user_id', 'name_key'])
        .unique()
        .execute();
      await db.schema
        .createTable('task_labels')
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('label_id', 'text', (c) =>
          c.notNull().references('labels.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('task_labels_pk', ['task_id', 'label_id'])
        .execute();
      // "Tasks with @errand" starts from the label.
      await db.schema
        .createIndex('task_labels_label')
        .on('task_labels')
        .columns(['label_id', 'task_id'])
        .execute();
      await db.schema
        .createTable('task_views')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('query', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('task_views_user').on('task_views').column('user_id').execute();
      await bumpDataVersionOn(db, dialect, ['labels', 'task_labels', 'task_views']);
    },
  },
  '0013_reminders_and_push': {
    // Reminders and Web Push (docs/architecture.md §4, "Reminders"). A
    // reminder is part of its task: a change to the list is a task write,
    // which bumps the data version, so task_reminders has no trigger of its
    // own and the scheduler's claims and sends never make pages refetch.
    // `fire_at` is when it goes out next (null: it waits for a due time);
    // `sent_at` when it went; `claimed_until` an instance's lease on it.
    async up(db: AnyDb) {
      await db.schema
        .createTable('task_reminders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('task_id', 'text', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('at', 'text')
        .addColumn('before_minutes', 'integer')
        .addColumn('fire_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('claimed_until', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('task_reminders_task')
        .on('task_reminders')
        .column('task_id')
        .execute();
      // The scheduler's question: what is due and not sent, soonest first.
      await db.schema
        .createIndex('task_reminders_due')
        .on('task_reminders')
        .column('fire_at')
        .where(sql.ref('sent_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('push_subscriptions_user')
        .on('push_subscriptions')
        .column('user_id')
        .execute();
      // Keys the server makes once and every instance shares (the VAPID
      // key pair when no VAPID_* variables name one).
      await db.schema
        .createTable('server_keys')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
});

/** The triggers of migration 0004 on more tables (each has a user_id column). */
async function bumpDataVersionOn(db: AnyDb, dialect: Dialect, tables: string[]): Promise<void> {
  for (const table of tables) {
    if (dialect === 'postgres') {
      await sql`
        create trigger ${sql.raw(`${table}_data_version`)}
        after insert or update or delete on ${sql.table(table)}
        for each row execute function stride_bump_data_version()`.execute(db);
      continue;
    }
    for (const [event, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql`
        create trigger ${sql.raw(`${table}_data_version_${event}`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update users set data_version = data_version + 1
            where id = ${sql.raw(row)}.user_id;
        end`.execute(db);
    }
  }
}

/** Rows per UPDATE while keys are given out: well under either database's parameter limit. */
const BACKFILL_CHUNK = 400;

/** Each user's tasks, newest first, get keys from the top of the order down. */
async function backfillPositions(db: AnyDb): Promise<void> {
  const rows: { id: string; user_id: string }[] = await db
    .selectFrom('tasks')
    .select(['id', 'user_id'])
    .orderBy('user_id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const byUser = new Map<string, string[]>();
  for (const row of rows) {
    const ids = byUser.get(row.user_id) ?? [];
    ids.push(row.id);
    byUser.set(row.user_id, ids);
  }
  for (const ids of byUser.values()) {
    const keys = generateNKeysBetween(null, null, ids.length);
    for (let start = 0; start < ids.length; start += BACKFILL_CHUNK) {
      const chunk = ids.slice(start, start + BACKFILL_CHUNK);
      const cases = chunk.map((id, i) => sql`when ${id} then ${keys[start + i]}`);
      await db
        .updateTable('tasks')
        .set({ position: sql`case id ${sql.join(cases, sql` `)} end` })
        .where('id', 'in', chunk)
        .execute();
    }
  }
}

export const migrationProvider = (dialect: Dialect): MigrationProvider => ({
  getMigrations: async () => migrations(dialect),
});
