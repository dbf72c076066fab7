// The dashboard summary: counts, active goals with progress, and completions
// per day, all in the user's time zone. Counts use the same rules as the task
// list filters, so each card's number matches the list it opens.

import type { DashboardSummary } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addDays, localDate } from '../../lib/dates.js';
import type { Clock } from '../../lib/time.js';
import type { GoalService } from './goals.js';

export const CHART_DAYS = 14;
export const DASHBOARD_GOALS = 10;

export class DashboardService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly goals: GoalService,
  ) {}

  async summary(
    userId: string,
    timeZone: string | null,
    now = this.clock(),
  ): Promise<DashboardSummary> {
    const today = localDate(now, timeZone);
    const counts = await this.db
      .selectFrom('tasks')
      .select([
        sql<number>`sum(case when due_date = ${today} then 1 else 0 end)`.as('today'),
        sql<number>`sum(case when due_date < ${today} and status <> 'done' then 1 else 0 end)`.as(
          'overdue',
        ),
        sql<number>`sum(case when status <> 'done' then 1 else 0 end)`.as('open'),
      ])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const completions = await this.completions(userId, timeZone, now, today);
    const goals = await this.goals.active(userId, DASHBOARD_GOALS);
    return {
      counts: {
        // SUM over no rows is NULL; PostgreSQL returns numeric sums as strings.
        today: Number(counts.today ?? 0),
        overdue: Number(counts.overdue ?? 0),
        open: Number(counts.open ?? 0),
        // The last 7 days including today: the same days as the chart's last 7 bars.
        done_this_week: completions.slice(-7).reduce((sum, day) => sum + day.count, 0),
      },
      goals: goals.map(({ id, title, status, target_date, progress }) => ({
        id,
        title,
        status,
        target_date,
        progress,
      })),
      completions,
    };
  }

  /** Tasks completed on each of the last 14 days (oldest first, today last). */
  private async completions(userId: string, timeZone: string | null, now: Date, today: string) {
    const days = Array.from({ length: CHART_DAYS }, (_, i) => addDays(today, i - CHART_DAYS + 1));
    const perDay = new Map(days.map((date) => [date, 0]));
    // A day more than the chart, so every time zone's first day is covered;
    // each completion is then placed on the user's calendar, not UTC's.
    const since = new Date(now.getTime() - (CHART_DAYS + 1) * 86_400_000).toISOString();
    const done = this.db
      .selectFrom('tasks')
      .select('completed_at')
      .where('user_id', '=', userId)
      .where('completed_at', '>=', since)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'done');
    // Each completed occurrence of a repeating task counts on its own day.
    const occurrences = this.db
      .selectFrom('task_completions')
      .innerJoin('tasks', 'tasks.id', 'task_completions.task_id')
      .select('task_completions.completed_at')
      .where('task_completions.user_id', '=', userId)
      .where('task_completions.completed_at', '>=', since)
      .where('tasks.deleted_at', 'is', null);
    const rows = await done.unionAll(occurrences).execute();
    for (const { completed_at } of rows) {
      if (!completed_at) continue;
      const date = localDate(new Date(completed_at), timeZone);
      const count = perDay.get(date);
      if (count !== undefined) perDay.set(date, count + 1);
    }
    return days.map((date) => ({ date, count: perDay.get(date) ?? 0 }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('dashboard', new DashboardService(app.database.db, app.clock, app.goals));
  },
  { name: 'dashboard', dependencies: ['database', 'config', 'goals'] },
);
