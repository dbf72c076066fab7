// The user's own order of tasks (docs/architecture.md §4 "Own order"). Each
// task holds a fractional-indexing key, unique per user, and a move rewrites
// that one row: the client sends a key between its new neighbours', and the
// API only makes sure no other task holds it. The task service and the import
// both give out keys, so this sits below them both.
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { invalidField } from './task-changes.js';
import { takeTurn } from './user-turn.js';
import { isUniqueViolation } from './validate.js';

/** Attempts at a write that lost its key to a concurrent one (see withFreeKey). */
const WRITE_ATTEMPTS = 3;

/**
 * A key the library accepts, or a 400 naming the field. The contract's
 * pattern and length already hold; this also refuses what the pattern
 * cannot see (a trailing zero, a head that does not fit its length).
 */
export function checkedPosition(key: string): string {
  try {
    generateKeyBetween(key, null);
    return key;
  } catch {
    throw invalidField('position', 'Not a place in the order: reload the list and move it again');
  }
}

/** The user's first key (deleted tasks included: they keep their place for a restore). */
async function firstPosition(trx: Transaction<Database>, userId: string): Promise<string | null> {
  await takeTurn(trx, userId);
  const row = await trx
    .selectFrom('tasks')
    .select('position')
    .where('user_id', '=', userId)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return row?.position ?? null;
}

/** A key above every task of the user: where a new task goes, as it does in the newest-first list. */
export async function topPosition(trx: Transaction<Database>, userId: string): Promise<string> {
  return generateKeyBetween(null, await firstPosition(trx, userId));
}

/** `count` keys, in order, above every task of the user: an import's tasks. */
export async function positionsAtTop(
  trx: Transaction<Database>,
  userId: string,
  count: number,
): Promise<string[]> {
  return count === 0 ? [] : generateNKeysBetween(null, await firstPosition(trx, userId), count);
}

/**
 * `wanted` when no other task of the user holds it, else a key between it
 * and the next key after it: still between the neighbours the client saw,
 * since every task between them in the whole order sorts there too.
 */
export async function freePosition(
  trx: Transaction<Database>,
  userId: string,
  taskId: string,
  wanted: string,
): Promise<string> {
  await takeTurn(trx, userId);
  const holder = await trx
    .selectFrom('tasks')
    .select('id')
    .where('user_id', '=', userId)
    .where('position', '=', wanted)
    .where('id', '!=', taskId)
    .executeTakeFirst();
  if (!holder) return wanted;
  const next = await trx
    .selectFrom('tasks')
    .select('position')
    .where('user_id', '=', userId)
    .where('position', '>', wanted)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return generateKeyBetween(wanted, next?.position ?? null);
}

/**
 * Runs a write again when the unique index refused its key: the last line of
 * defence should a write ever give out a key without taking its turn.
 * Bounded: the last attempt's error goes up as it is.
 */
export async function withFreeKey<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= WRITE_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}
