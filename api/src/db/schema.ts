// Row types of every table, as Kysely sees them. Timestamps are ISO-8601 UTC
// strings and booleans are 0/1 integers so the same queries run unchanged on
// SQLite and PostgreSQL.
import type { Generated } from 'kysely';

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
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  sign_in_transactions: SignInTransactionsTable;
  goals: GoalsTable;
}

export type UserRow = UsersTable;
