// Row types of every table, as Kysely sees them. Timestamps are ISO-8601 UTC
// strings and booleans are 0/1 integers so the same queries run unchanged on
// SQLite and PostgreSQL.
import type { Generated, Selectable } from 'kysely';

export interface UsersTable {
  id: string;
  email: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_picture: string | null;
  timezone: string | null;
  onboarding_completed: number;
  created_at: string;
  updated_at: string;
  /** Bumped by triggers on every goal and task write (migration 0004). */
  data_version: Generated<number>;
}

export interface IdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface SignInTransactionsTable {
  id_hash: string;
  provider: string;
  state: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  return_origin: string;
  created_at: string;
  expires_at: string;
}

export interface GoalsTable {
  id: string;
  user_id: string;
  title: string;
  description: string | null;
  status: string;
  target_date: string | null;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Soft delete: hidden everywhere, restorable, purged after 30 days. */
  deleted_at: Generated<string | null>;
}

export interface TasksTable {
  id: string;
  user_id: string;
  /** Kept while the goal is soft-deleted (shown as null), so a restore relinks. */
  goal_id: string | null;
  title: string;
  notes: string | null;
  status: string;
  priority: string;
  /** 0 none … 3 high: the priority sort without a CASE expression. */
  priority_rank: number;
  due_date: string | null;
  /** `HH:MM` on the user's clock, only beside a due date. */
  due_time: Generated<string | null>;
  /** RRULE body (`FREQ=WEEKLY;BYDAY=MO`); null for a one-off task. */
  repeat_rule: Generated<string | null>;
  /** `due` or `done`: what the rule's next day counts from once the task is done. */
  repeat_from: Generated<string>;
  /** The checklist as JSON (`[{id, title, done}]`); null when empty. */
  subtasks: Generated<string | null>;
  completed_at: string | null;
  /**
   * The user's own order: a fractional-indexing key, unique per user, that
   * sorts byte by byte (migration 0011). Every row has one since then.
   */
  position: string;
  /** Lower-cased title and notes for `q` (Unicode-aware on every dialect). */
  search_text: string;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** 1 when the task was deleted together with its goal (restored with it). */
  deleted_with_goal: Generated<number>;
}

/** A user's calendar feed: the hash of its address's secret (plugins/app/calendar-feed.ts). */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: string;
}

/** One completed occurrence of a repeating task (the task itself moves on). */
export interface TaskCompletionsTable {
  id: string;
  task_id: string;
  user_id: string;
  /** The due date the occurrence had, if any. */
  occurrence_date: string | null;
  completed_at: string;
}

export interface RemoteLoadsTable {
  id: Generated<number>;
  app: string;
  version: string;
  outcome: string;
  phase: string | null;
  duration_ms: number;
  /** A hash of the browser's id and its address: one browser, counted once per version. */
  client: string;
  /** A hash of the address (an IPv6 one by its /64): a few browsers at most per address. */
  origin: string;
  created_at: string;
}

/** A user's label (migration 0012). `name_key` is the name lower-cased: unique per user. */
export interface LabelsTable {
  id: string;
  user_id: string;
  name: string;
  name_key: string;
  /** One of the contract's LABEL_COLORS. */
  color: string;
  created_at: string;
  updated_at: string;
}

/** A label on a task. `user_id` is the task's owner, for the data-version trigger. */
export interface TaskLabelsTable {
  task_id: string;
  label_id: string;
  user_id: string;
}

/** A saved filter view: a name and a filter query (lib/task-filter). */
export interface TaskViewsTable {
  id: string;
  user_id: string;
  name: string;
  query: string;
  created_at: string;
  updated_at: string;
}

/**
 * A task's reminder: at an instant (`at`) or minutes before its timed due
 * date. `fire_at` is when it goes out next (null while it waits for a due
 * time), `sent_at` when it went, `claimed_until` the lease of the instance
 * sending it (plugins/app/reminder-scheduler.ts).
 */
export interface TaskRemindersTable {
  id: string;
  user_id: string;
  task_id: string;
  at: string | null;
  before_minutes: number | null;
  fire_at: string | null;
  sent_at: string | null;
  claimed_until: string | null;
  created_at: string;
}

/** A browser subscribed to Web Push (its push service's endpoint and its keys). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A key the server made once, shared by every instance (the VAPID pair). */
export interface ServerKeysTable {
  name: string;
  value: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  sign_in_transactions: SignInTransactionsTable;
  goals: GoalsTable;
  tasks: TasksTable;
  task_completions: TaskCompletionsTable;
  remote_loads: RemoteLoadsTable;
  calendar_feeds: CalendarFeedsTable;
  labels: LabelsTable;
  task_labels: TaskLabelsTable;
  task_views: TaskViewsTable;
  task_reminders: TaskRemindersTable;
  push_subscriptions: PushSubscriptionsTable;
  server_keys: ServerKeysTable;
}

export type UserRow = Selectable<UsersTable>;
export type GoalRow = Selectable<GoalsTable>;
export type TaskRow = Selectable<TasksTable>;
export type LabelRow = Selectable<LabelsTable>;
export type TaskViewRow = Selectable<TaskViewsTable>;
