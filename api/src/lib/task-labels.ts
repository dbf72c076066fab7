// A task's labels, written by name (docs/architecture.md §4, "Labels"): a
// name the user has no label for makes one, in the same
// transaction as the task's write, so quick add's `@errand`, an import's
// `@words` and an undo all say what they mean by name and never by id.

import { randomUUID } from 'node:crypto';
import { DEFAULT_LABEL_COLOR, type LabelColor, labelKey } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest } from './errors.js';
import { takeTurn } from './user-turn.js';

interface NamedLabel {
  id: string;
  name: string;
}

/** The task JSON's `labels` from the column task-select.ts reads: names by name. */
export const joinLabelNames = (labels: readonly { name: string }[]): string | null =>
  labels.length > 0
    ? labels
        .map((label) => label.name)
        .sort((a, b) => (labelKey(a) < labelKey(b) ? -1 : 1))
        .join(',')
    : null;

/** True when `names` are the labels the row already has (whatever their case or order). */
export function sameLabels(names: readonly string[], current: string | null): boolean {
  const had = new Set((current ? current.split(',') : []).map(labelKey));
  const wanted = new Set(names.map(labelKey));
  return had.size === wanted.size && [...wanted].every((key) => had.has(key));
}

/**
 * The user's labels for `names` (checked already: record-input.labelNames),
 * making those that do not exist. Two writers making the same label meet at
 * the unique index and both read the one row that won.
 */
export async function labelsNamed(
  trx: Transaction<Database>,
  userId: string,
  names: readonly string[],
  now: string,
  /** Colours for the labels this makes, by name key (an export's); else the default. */
  colors?: ReadonlyMap<string, LabelColor>,
): Promise<NamedLabel[]> {
  if (names.length === 0) return [];
  // More names than an account may keep cannot all be labels (an import's).
  if (names.length > LIMITS.labelsPerUser) throw tooManyLabels();
  const keys = names.map(labelKey);
  const found = () =>
    trx
      .selectFrom('labels')
      .select(['id', 'name', 'name_key'])
      .where('user_id', '=', userId)
      .where('name_key', 'in', keys)
      .execute();
  let rows = await found();
  const missing = names.filter((name) => !rows.some((row) => row.name_key === labelKey(name)));
  if (missing.length > 0) {
    // Writes that make labels take turns, so the count below is exact.
    await takeTurn(trx, userId);
    const { count } = await trx
      .selectFrom('labels')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) + missing.length > LIMITS.labelsPerUser) throw tooManyLabels();
    await trx
      .insertInto('labels')
      .values(
        missing.map((name) => ({
          id: randomUUID(),
          user_id: userId,
          name,
          name_key: labelKey(name),
          color: colors?.get(labelKey(name)) ?? DEFAULT_LABEL_COLOR,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['user_id', 'name_key']).doNothing())
      .execute();
    rows = await found();
  }
  const byKey = new Map(rows.map((row) => [row.name_key, row]));
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [{ id: row.id, name: row.name }] : [];
  });
}

/** Gives the task exactly these labels; returns them for the task's JSON. */
export async function setTaskLabels(
  trx: Transaction<Database>,
  userId: string,
  taskId: string,
  names: readonly string[],
  now: string,
): Promise<NamedLabel[]> {
  const labels = await labelsNamed(trx, userId, names, now);
  await trx.deleteFrom('task_labels').where('task_id', '=', taskId).execute();
  if (labels.length > 0) {
    await trx
      .insertInto('task_labels')
      .values(labels.map((label) => ({ task_id: taskId, label_id: label.id, user_id: userId })))
      .execute();
  }
  return labels;
}

export const tooManyLabels = () =>
  badRequest('too_many_labels', `An account keeps at most ${LIMITS.labelsPerUser} labels`, {
    labels: `At most ${LIMITS.labelsPerUser} labels`,
  });
