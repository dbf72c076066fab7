// A task's reminders (docs/architecture.md §4, "Reminders"): written with the
// task, in its transaction, as its whole list, like its labels. A reminder the
// list keeps keeps its row, so one already sent is not sent again after an
// unrelated edit; a reminder whose time has passed when it is written counts
// as sent (an undo that brings back this morning's reminder does not ring).
//
// `fire_at` is when a reminder goes out next: its instant, or its minutes
// before the task's due date and time on the user's clock. A task with no
// due time leaves a "before" reminder waiting (fire_at null); a new due date
// or time moves it and arms it again.
import { randomUUID } from 'node:crypto';
import { instantAt } from '@stride/shared/calendar-day';
import { reminderKey, type TaskReminder } from '@stride/shared/reminders';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A reminder written for a moment this far gone counts as sent at once;
 * nearer than that it goes out with the scheduler's next look.
 */
const GRACE_MS = 60_000;

/** The task's due date and time, and the zone they are read in. */
export interface TaskDue {
  due_date: string | null;
  due_time: string | null;
  timeZone: string | null;
}

/**
 * The task JSON's `reminders`, as one column of the task's select
 * (task-select.ts): instants first, by time, then "before" ones as
 * `b<minutes>`, joined with commas (neither form holds one).
 */
export const reminderList = sql<string | null>`(
  select string_agg(
    coalesce(task_reminders.at, 'b' || task_reminders.before_minutes), ','
    order by task_reminders.at is null, task_reminders.at, task_reminders.before_minutes)
  from task_reminders where task_reminders.task_id = tasks.id)`;

/** The column reminderList reads, as the contract's list. */
export function readReminders(list: string | null): TaskReminder[] {
  if (!list) return [];
  return list
    .split(',')
    .map((item) =>
      item.startsWith('b') ? { before_minutes: Number(item.slice(1)) } : { at: item },
    );
}

/** What reminderList reads for `reminders` (the same order), for a write's answer. */
export function joinReminders(reminders: readonly TaskReminder[]): string | null {
  if (reminders.length === 0) return null;
  const at = reminders.flatMap((reminder) => ('at' in reminder ? [reminder.at] : [])).sort();
  const before = reminders
    .flatMap((reminder) => ('before_minutes' in reminder ? [reminder.before_minutes] : []))
    .sort((a, b) => a - b);
  return [...at, ...before.map((minutes) => `b${minutes}`)].join(',');
}

/** True when `reminders` are the ones the row already has (whatever their order). */
export function sameReminders(reminders: readonly TaskReminder[], current: string | null): boolean {
  const had = new Set(readReminders(current).map(reminderKey));
  const wanted = new Set(reminders.map(reminderKey));
  return had.size === wanted.size && [...wanted].every((key) => had.has(key));
}

/** When a reminder goes out for a task due as `due` says; null while it waits for a due time. */
export function fireAt(reminder: TaskReminder, due: TaskDue): string | null {
  if ('at' in reminder) return reminder.at;
  if (!due.due_date || !due.due_time) return null;
  const dueAt = instantAt(due.due_date, due.due_time, due.timeZone).getTime();
  return new Date(dueAt - reminder.before_minutes * 60_000).toISOString();
}

/** A reminder's sent mark for a `fire_at` written `now`: long past counts as sent. */
const sentMark = (fire: string | null, now: Date): string | null =>
  fire !== null && Date.parse(fire) < now.getTime() - GRACE_MS ? now.toISOString() : null;

/**
 * Writes the task's reminders as `reminders` says (checked already:
 * record-input.reminders): rows the list drops go, rows it keeps stay as they
 * are, new ones are armed. Returns the task JSON's column.
 */
export async function setTaskReminders(
  trx: Transaction<Database>,
  userId: string,
  taskId: string,
  reminders: readonly TaskReminder[],
  due: TaskDue,
  now: Date,
): Promise<string | null> {
  const rows = await trx
    .selectFrom('task_reminders')
    .select(['id', 'at', 'before_minutes'])
    .where('task_id', '=', taskId)
    .execute();
  const keyOf = (row: (typeof rows)[number]) =>
    reminderKey(row.at !== null ? { at: row.at } : { before_minutes: row.before_minutes ?? 0 });
  const wanted = new Map(reminders.map((reminder) => [reminderKey(reminder), reminder]));
  const dropped = rows.filter((row) => !wanted.has(keyOf(row))).map((row) => row.id);
  if (dropped.length > 0)
    await trx.deleteFrom('task_reminders').where('id', 'in', dropped).execute();
  const kept = new Set(rows.map(keyOf));
  const added = [...wanted].filter(([key]) => !kept.has(key)).map(([, reminder]) => reminder);
  if (added.length > 0) {
    await trx
      .insertInto('task_reminders')
      .values(
        added.map((reminder) => {
          const fire = fireAt(reminder, due);
          return {
            id: randomUUID(),
            user_id: userId,
            task_id: taskId,
            at: 'at' in reminder ? reminder.at : null,
            before_minutes: 'before_minutes' in reminder ? reminder.before_minutes : null,
            fire_at: fire,
            sent_at: sentMark(fire, now),
            claimed_until: null,
            created_at: now.toISOString(),
          };
        }),
      )
      .execute();
  }
  return joinReminders(reminders);
}

/**
 * The task's due date or time moved: its "before" reminders move with it,
 * and one that moves is armed again (a repeating task's next occurrence
 * reminds like the first).
 */
export async function moveReminders(
  trx: Transaction<Database>,
  taskId: string,
  due: TaskDue,
  now: Date,
): Promise<void> {
  const rows = await trx
    .selectFrom('task_reminders')
    .select(['id', 'before_minutes', 'fire_at'])
    .where('task_id', '=', taskId)
    .where('before_minutes', 'is not', null)
    .execute();
  for (const row of rows) {
    const fire = fireAt({ before_minutes: row.before_minutes ?? 0 }, due);
    if (fire === row.fire_at) continue;
    await trx
      .updateTable('task_reminders')
      .set({ fire_at: fire, sent_at: sentMark(fire, now), claimed_until: null })
      .where('id', '=', row.id)
      .execute();
  }
}

/** The task a reminder of the user's belongs to, or null. */
export async function reminderTask(
  db: Kysely<Database>,
  userId: string,
  reminderId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('task_reminders')
    .select('task_id')
    .where('id', '=', reminderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.task_id ?? null;
}

/**
 * Puts a reminder off until `until`: it goes out again then, whatever it was
 * (sent, or claimed by a look under way, whose mark no longer matches).
 * False when the user has no such reminder.
 */
export async function snoozeReminder(
  db: Kysely<Database>,
  userId: string,
  reminderId: string,
  until: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('task_reminders')
    .set({ fire_at: until.toISOString(), sent_at: null, claimed_until: null })
    .where('id', '=', reminderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Rows a zone change reads and writes at a time. */
const REZONE_CHUNK = 500;

/**
 * The user's time zone changed: their unsent "before" reminders count from
 * the due times on the new clock (09:00 in Lisbon is not 09:00 in Tokyo).
 * Read in chunks by id, so a large account costs steps, not one huge read.
 */
export async function rezoneReminders(
  db: Kysely<Database>,
  userId: string,
  timeZone: string | null,
  now: Date,
): Promise<void> {
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('task_reminders')
      .innerJoin('tasks', 'tasks.id', 'task_reminders.task_id')
      .select([
        'task_reminders.id',
        'task_reminders.before_minutes',
        'task_reminders.fire_at',
        'tasks.due_date',
        'tasks.due_time',
      ])
      .where('task_reminders.user_id', '=', userId)
      .where('task_reminders.before_minutes', 'is not', null)
      .where('task_reminders.sent_at', 'is', null)
      .where('task_reminders.id', '>', after)
      .orderBy('task_reminders.id')
      .limit(REZONE_CHUNK)
      .execute();
    for (const row of rows) {
      const fire = fireAt(
        { before_minutes: row.before_minutes ?? 0 },
        { due_date: row.due_date, due_time: row.due_time, timeZone },
      );
      if (fire === row.fire_at) continue;
      await db
        .updateTable('task_reminders')
        .set({ fire_at: fire, sent_at: sentMark(fire, now), claimed_until: null })
        .where('id', '=', row.id)
        .execute();
    }
    const last = rows.at(-1);
    if (!last || rows.length < REZONE_CHUNK) return;
    after = last.id;
  }
}
