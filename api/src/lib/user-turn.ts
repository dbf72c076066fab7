// One user's writes that check what the user has (a key to give out, a name
// to keep unique, a count to keep under a limit) take turns.
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * Takes the user's row lock until the transaction ends, so two such writes
 * of one user take turns and the second sees what the first wrote
 * (PostgreSQL: concurrent transactions would otherwise both read the same
 * state). An update to the value it has changes nothing; SQLite writes one
 * transaction at a time anyway.
 */
export async function takeTurn(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ data_version: eb.ref('data_version') }))
    .where('id', '=', userId)
    .execute();
}
