// Opens the database named by the configuration: PostgreSQL when DATABASE_URL
// is set, otherwise the embedded SQLite file (WAL mode). Everything above this
// file only sees a Kysely<Database>, so queries stay dialect-neutral.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.js';
import { GroupCommit, type Write } from './group-commit.js';
import type { Database } from './schema.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /**
   * Runs a goal or task write in a transaction: on SQLite one shared with
   * the other writes of this event-loop turn (group-commit.ts), on PostgreSQL
   * its own, since the pool already writes concurrently.
   */
  write<T>(work: Write<T>): Promise<T>;
  /** A real round trip that needs the write lock (SQLite) or a live connection (PostgreSQL). */
  probe(): Promise<void>;
  /** PostgreSQL's pool by state, for /metrics; null on SQLite (one connection). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
}

/** Where the database reports trouble that no request is waiting on. */
export interface DatabaseLog {
  warn(details: object, message: string): void;
}

export async function openDatabase(config: Config, log: DatabaseLog): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    // Loaded only when asked for, so the embedded default never pulls in pg.
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      connectionTimeoutMillis: 2000,
    });
    // An idle connection that the server drops (a restart, pg_terminate_backend,
    // a network cut) is emitted here; without a listener it is an uncaught
    // error that kills the process. The pool has already discarded the client,
    // requests meanwhile get 503s, and the next checkout opens a new connection.
    pool.on('error', (error) => {
      log.warn({ err: error }, 'database: an idle connection was lost; the pool reconnects');
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      write: (work) => db.transaction().execute(work),
      probe: async () => {
        await sql`select 1`.execute(db);
      },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }

  fs.mkdirSync(path.dirname(config.sqlitePath), { recursive: true });
  const sqlite = new SQLite(config.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // better-sqlite3 is synchronous: waiting for a lock another process holds
  // would block the event loop, and every request with it. A statement fails
  // at once with SQLITE_BUSY instead; goal and task writes wait for the lock
  // between attempts (group-commit.ts), anything else answers 503.
  sqlite.pragma('busy_timeout = 0');
  cacheStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  // Another process writing to the file (a second API on it, a `sqlite3` shell
  // left in a transaction) stalls every write: worth a line, once a minute.
  let lastLockWarning = Number.NEGATIVE_INFINITY;
  const writes = new GroupCommit(db, config.sqliteBusyTimeoutMs, () => {
    if (Date.now() - lastLockWarning < 60_000) return;
    lastLockWarning = Date.now();
    log.warn(
      { lockWaitMs: config.sqliteBusyTimeoutMs },
      'database: another process holds the SQLite write lock; writes wait for it, then answer 503',
    );
  });
  const fileIntact = sqliteFileCheck(config.sqlitePath);
  return {
    db,
    dialect: 'sqlite',
    write: (work) => {
      fileIntact();
      return writes.run(work);
    },
    probe: () =>
      db.connection().execute(async (conn) => {
        fileIntact();
        // Reads keep working under WAL while another process holds the write
        // lock; taking the lock (at once or not at all) is what proves the
        // database is usable.
        await sql`begin immediate`.execute(conn);
        await sql`rollback`.execute(conn);
      }),
    poolStats: () => null,
  };
}

/**
 * A SQLite file deleted or replaced under the running API keeps working as an
 * unlinked inode: writes are acknowledged and vanish with the process. The
 * file at the configured path must still be the one opened; if not, health
 * says unhealthy and writes answer 503 (SQLITE_CANTOPEN) until a restart
 * opens the file that is there now.
 */
function sqliteFileCheck(file: string): () => void {
  const opened = fs.statSync(file);
  return () => {
    let current: fs.Stats | undefined;
    try {
      current = fs.statSync(file);
    } catch {}
    if (current?.ino === opened.ino && current.dev === opened.dev) return;
    throw Object.assign(new Error(`The database file ${file} was removed or replaced`), {
      code: 'SQLITE_CANTOPEN',
    });
  };
}

/**
 * Kysely calls prepare() for every query and better-sqlite3 compiles the SQL
 * each time, a sizeable share of a hot list route. Compiled statements are
 * reused by SQL text instead (bounded, least recently used first out). Safe
 * because Kysely runs each statement to completion on the one connection; do
 * not run two streams (iterate) of the same SQL text at once.
 */
function cacheStatements(sqlite: SQLite.Database, max = 500): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  sqlite.prepare = ((source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      statement = prepare(source);
      statements.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
