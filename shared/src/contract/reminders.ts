import { type Static, Type } from '@sinclair/typebox';
import { LIMITS } from '../limits';
import { Nullable } from './schema-helpers';

/**
 * One reminder of a task: at an instant, or some minutes before its timed
 * due date (recomputed when the due date or time moves; silent while the
 * task has no due time).
 */
export const TaskReminderSchema = Type.Union([
  Type.Object(
    {
      at: Type.String({ format: 'date-time', maxLength: 40, description: 'An instant (ISO 8601)' }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      before_minutes: Type.Integer({
        minimum: 0,
        maximum: LIMITS.reminderBeforeMaxMinutes,
        description: 'Minutes before the due date and time',
      }),
    },
    { additionalProperties: false },
  ),
]);

export type TaskReminderInput = Static<typeof TaskReminderSchema>;

export const TaskRemindersSchema = Type.Array(TaskReminderSchema, {
  maxItems: LIMITS.remindersPerTask,
  description: "The task's whole list of reminders; one already sent is not sent again",
});

/** The server's public key for Web Push (VAPID, base64url), for `pushManager.subscribe`. */
export const PushKeySchema = Type.Object({ public_key: Type.String() });

const base64url = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: LIMITS.pushKeyMax,
    pattern: '^[A-Za-z0-9_-]+=*$',
    description,
  });

/** A browser's push subscription: what `PushSubscription.toJSON()` gives. */
export const PushSubscriptionInputSchema = Type.Object(
  {
    endpoint: Type.String({
      minLength: 1,
      maxLength: LIMITS.pushEndpointMax,
      description: "The push service's URL for this browser (only known push services)",
    }),
    expirationTime: Type.Optional(Nullable(Type.Number())),
    keys: Type.Object(
      {
        p256dh: base64url("The browser's P-256 public key"),
        auth: base64url('The 16-byte authentication secret'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PushSubscriptionInput = Static<typeof PushSubscriptionInputSchema>;

export const PushEndpointSchema = Type.Object(
  { endpoint: Type.String({ minLength: 1, maxLength: LIMITS.pushEndpointMax }) },
  { additionalProperties: false },
);

export const ReminderSnoozeSchema = Type.Object(
  {
    minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440, description: 'Default 10' })),
  },
  { additionalProperties: false },
);
