// The /reminders routes: a reminder's two actions, from a notification or the
// in-tab notice.
import { Type } from '@sinclair/typebox';
import { IdParams, RefTo, ReminderSnoozeSchema, TaskSchema } from '@stride/shared/contract';
import { errorResponses } from './common.js';

export const snoozeReminderSchema = {
  tags: ['reminders'],
  summary: 'Put a reminder off (10 minutes unless `minutes` says): it goes out again then',
  params: IdParams,
  body: ReminderSnoozeSchema,
  response: {
    200: Type.Object({ fire_at: Type.String({ format: 'date-time' }) }),
    ...errorResponses(404, 503),
  },
} as const;

export const doneReminderSchema = {
  tags: ['reminders'],
  summary:
    "Mark a reminder's task done (a repeating one moves to its next day), whatever its version",
  params: IdParams,
  response: { 200: Type.Object({ task: RefTo(TaskSchema) }), ...errorResponses(404, 409, 503) },
} as const;
