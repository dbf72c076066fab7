import { type Static, Type } from '@sinclair/typebox';
import { GoalStatusSchema, ProgressSchema } from './goals';
import { Nullable } from './schema-helpers';

const count = (description?: string) =>
  Type.Integer({ minimum: 0, ...(description ? { description } : {}) });

export const DashboardSummarySchema = Type.Object({
  counts: Type.Object({
    today: count('Tasks due today (any status)'),
    overdue: count('Tasks due before today and not done'),
    open: count('Tasks not done'),
    done_this_week: count('Completed in the last 7 days, today included'),
  }),
  goals: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      status: GoalStatusSchema,
      target_date: Nullable(Type.String()),
      progress: ProgressSchema,
    }),
    { maxItems: 10, description: 'Active goals, in the order of the goal list' },
  ),
  completions: Type.Array(
    Type.Object({ date: Type.String({ description: 'YYYY-MM-DD' }), count: count() }),
    { minItems: 14, maxItems: 14, description: 'Oldest first; the last entry is today' },
  ),
});
export type DashboardSummary = Static<typeof DashboardSummarySchema>;
