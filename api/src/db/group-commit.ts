// Group commit for SQLite. Each commit writes every page it touched to the
// WAL — the task's table page, a page of each index, the user's data_version —
// so one commit for thirty writes costs little more than one for a single
// write. Writes that arrive in the same turn of the event loop therefore share
// one transaction; each caller's promise settles once that transaction has
// committed. Under load this about doubles write throughput (api/README.md,
// "Benchmark"). If any write of a group fails, the group is rolled back and
// each write runs again alone, so a write only ever fails for its own reason.
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

export class GroupCommit {
  private queue: Pending[] = [];

  constructor(private readonly db: Kysely<Database>) {}

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
        const results = await this.db.transaction().execute(async (trx) => {
          const values: unknown[] = [];
          for (const { work } of group) values.push(await work(trx));
          return values;
        });
        for (const [i, pending] of group.entries()) pending.resolve(results[i]);
        return;
      } catch {
        // Rolled back as a whole: find out, one by one, which writes fail.
      }
    }
    for (const pending of group) {
      try {
        pending.resolve(await this.db.transaction().execute(pending.work));
      } catch (error) {
        pending.reject(error);
      }
    }
  }
}
