// The Upcoming view: every undone task due in the next LIMITS.agendaDays days
// (tomorrow on), and each later day a repeating task falls on in that window,
// by date. Repeating tasks due earlier (today, or overdue) show their later
// days too.
import type { Agenda, AgendaEntry } from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import { occurrencesBetween } from '@stride/shared/recurrence';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addDays } from '../../lib/dates.js';
import { toTaskJson } from '../../lib/task-record.js';
import { NO_TIME, selectTasks, timeKey } from './task-select.js';

/** The agenda of `userId` as seen on their `today` (YYYY-MM-DD). */
export async function readAgenda(
  db: Kysely<Database>,
  userId: string,
  today: string,
): Promise<Agenda> {
  const from = addDays(today, 1);
  const to = addDays(today, LIMITS.agendaDays);
  const live = selectTasks(db, userId)
    .where('tasks.deleted_at', 'is', null)
    .where('tasks.status', '!=', 'done');
  const [due, repeating] = await Promise.all([
    live
      .where('tasks.due_date', '>=', from)
      .where('tasks.due_date', '<=', to)
      .orderBy('tasks.due_date')
      .orderBy(timeKey)
      .orderBy('tasks.priority_rank', 'desc')
      .orderBy('tasks.created_at')
      .limit(LIMITS.agendaMax + 1)
      .execute(),
    live
      .where('tasks.repeat_rule', 'is not', null)
      .where('tasks.due_date', '<=', to)
      .orderBy('tasks.priority_rank', 'desc')
      .orderBy('tasks.created_at')
      .limit(LIMITS.agendaMax + 1)
      .execute(),
  ]);
  const entries: AgendaEntry[] = due.map((row) => ({
    date: row.due_date ?? from,
    occurrence: false,
    task: toTaskJson(row, row.live_goal_id),
  }));
  // One step per day of the window for each task, however long ago it was due.
  for (const row of repeating) {
    // "every! 3 days" comes round three days after it is done: no later day is known yet.
    if (!row.due_date || !row.repeat_rule || row.repeat_from === 'done') continue;
    const task = toTaskJson(row, row.live_goal_id);
    for (const day of occurrencesBetween(
      row.repeat_rule,
      row.due_date,
      from,
      to,
      LIMITS.agendaDays,
    )) {
      entries.push({ date: day, occurrence: true, task });
    }
  }
  // By day, then time of day (the untimed last); stable, so otherwise due
  // tasks keep the SQL order (priority first) and occurrences follow.
  const at = (entry: AgendaEntry) => `${entry.date} ${entry.task.due_time ?? NO_TIME}`;
  entries.sort((a, b) => (at(a) < at(b) ? -1 : at(a) > at(b) ? 1 : 0));
  return {
    from,
    to,
    entries: entries.slice(0, LIMITS.agendaMax),
    truncated: entries.length > LIMITS.agendaMax,
  };
}
