// Group commit for SQLite. Each commit writes every page it touched to the
// WAL — the task's table page, a page of each index, the user's data_version —
// so one commit for thirty writes costs little more than one for a single
// write. Writes that arrive in the same turn of the event loop therefore share
// one transaction; each caller's promise settles once that transaction has
// committed. Under load this about doubles write throughput (api/README.md,
// "Benchmark"). If any write of a group fails, the group is rolled back and
// each write runs again alone, so a write only ever fails for its own reason.
//
// Another process holding the write lock is not a write's own reason: the
// connection never waits for the lock synchronously (busy_timeout 0, which
// would block the event loop and every read with it), so the group waits here,
// between attempts, for up to `lockWaitMs`, and then every write of the group
// fails at once with SQLITE_BUSY (a 503) instead of each waiting again alone.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/**
 * A unit of writing. It runs inside a transaction shared with other writes:
 * it must use only `trx` (the outer handle would wait for the connection the
 * group holds), and may run a second time if another write of its group fails.
 */
export type Write<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Write<unknown>;
  resolve: (value: unknown) => void;
  reject: (reason: unknown) => void;
}

/** SQLITE_BUSY and its extended codes: the lock is taken, try again later. */
export function isLockBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

const FIRST_PAUSE_MS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class GroupCommit {
  private queue: Pending[] = [];

  /** `onLockWait` hears each time a write starts waiting for a lock another process holds. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly lockWaitMs: number,
    private readonly onLockWait: () => void = () => {},
  ) {}

  run<T>(work: Write<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const group = this.queue;
    this.queue = [];
    if (group.length > 1) {
      try {
        const results = await this.waitingForLock(() =>
          this.db.transaction().execute(async (trx) => {
            const values: unknown[] = [];
            for (const { work } of group) values.push(await work(trx));
            return values;
          }),
        );
        for (const [i, pending] of group.entries()) pending.resolve(results[i]);
        return;
      } catch (error) {
        if (isLockBusy(error)) {
          for (const pending of group) pending.reject(error);
          return;
        }
        // Rolled back as a whole: find out, one by one, which writes fail.
      }
    }
    for (const pending of group) {
      try {
        pending.resolve(
          await this.waitingForLock(() => this.db.transaction().execute(pending.work)),
        );
      } catch (error) {
        pending.reject(error);
      }
    }
  }

  /** Runs `attempt` again while the lock is busy, pausing without blocking, until `lockWaitMs`. */
  private async waitingForLock<T>(attempt: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.lockWaitMs;
    let pause = FIRST_PAUSE_MS;
    for (;;) {
      try {
        return await attempt();
      } catch (error) {
        if (!isLockBusy(error) || Date.now() + pause > deadline) throw error;
        if (pause === FIRST_PAUSE_MS) this.onLockWait();
        await sleep(pause);
        pause = Math.min(pause * 2, 100);
      }
    }
  }
}
