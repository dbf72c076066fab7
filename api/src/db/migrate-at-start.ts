// Runs the pending migrations as the server starts, waiting a little for a
// database that does not take a connection yet.
import type { MigrationResultSet } from 'kysely/migration';
import type { DatabaseLog } from './connect.js';

/** Tries in all; between them 0.5, 1, 1.5 and 2 s, with up to 2 s per try to connect (connect.ts). */
export const START_ATTEMPTS = 5;
const BACKOFF_MS = 500;

/**
 * A connection that did not come: PostgreSQL still starting (a container, a
 * restart), or too slow to take one on a loaded machine. Not a migration
 * that failed, which trying again would not mend.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P03') return true;
  return /connection timeout|Connection terminated unexpectedly/.test(error.message);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Migrates, trying again while the database cannot be reached, at most
 * START_ATTEMPTS times (about 15 s in all); then, or at any other error,
 * the start fails with it.
 */
export async function migrateAtStart(
  migrate: () => Promise<MigrationResultSet>,
  log: DatabaseLog,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const { error } = await migrate();
    if (!error) return;
    if (attempt >= START_ATTEMPTS || !isConnectionFailure(error)) throw error;
    log.warn(
      { err: error, attempt },
      'database: no connection yet; the migrations are tried again shortly',
    );
    await wait(BACKOFF_MS * attempt);
  }
}
