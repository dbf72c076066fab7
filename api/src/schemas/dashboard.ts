// GET /dashboard/: the contract's summary, in the user's time zone.
import { DashboardSummarySchema } from '@stride/shared/contract';
import { errorResponses } from './common.js';

export const dashboardSchema = {
  tags: ['dashboard'],
  summary: "Counts, active goals and 14 days of completions, in the user's time zone",
  response: { 200: DashboardSummarySchema, ...errorResponses(503) },
} as const;
