// Response schema of GET /dashboard/.
import { errorResponses } from './common.js';

const count = { type: 'integer', minimum: 0 } as const;

export const dashboardSchema = {
  tags: ['dashboard'],
  summary: "Counts, active goals and 14 days of completions, in the user's time zone",
  response: {
    200: {
      type: 'object',
      required: ['counts', 'goals', 'completions'],
      properties: {
        counts: {
          type: 'object',
          required: ['today', 'overdue', 'open', 'done_this_week'],
          properties: {
            today: { ...count, description: 'Tasks due today (any status)' },
            overdue: { ...count, description: 'Tasks due before today and not done' },
            open: { ...count, description: 'Tasks not done' },
            done_this_week: {
              ...count,
              description: 'Completed in the last 7 days, today included',
            },
          },
        },
        goals: {
          type: 'array',
          maxItems: 10,
          description: 'Active goals, in the order of the goal list',
          items: {
            type: 'object',
            required: ['id', 'title', 'status', 'target_date', 'progress'],
            properties: {
              id: { type: 'string' },
              title: { type: 'string' },
              status: { type: 'string' },
              target_date: { type: ['string', 'null'] },
              progress: {
                type: 'object',
                required: ['done', 'total'],
                properties: { done: count, total: count },
              },
            },
          },
        },
        completions: {
          type: 'array',
          minItems: 14,
          maxItems: 14,
          description: 'Oldest first; the last entry is today',
          items: {
            type: 'object',
            required: ['date', 'count'],
            properties: { date: { type: 'string', description: 'YYYY-MM-DD' }, count },
          },
        },
      },
    },
    ...errorResponses(401, 503),
  },
} as const;
