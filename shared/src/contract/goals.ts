import { type Static, Type } from '@sinclair/typebox';
import { LIMITS, rawMax } from '../limits';
import {
  CursorParam,
  IsoDate,
  LimitParam,
  Nullable,
  PageOf,
  RefTo,
  StringEnum,
} from './schema-helpers';

export const GoalStatusSchema = StringEnum(['active', 'completed', 'archived'] as const);
export type GoalStatus = Static<typeof GoalStatusSchema>;

export const ProgressSchema = Type.Object(
  { done: Type.Integer({ minimum: 0 }), total: Type.Integer({ minimum: 0 }) },
  { description: "The goal's live tasks: how many are done, out of how many" },
);

export const GoalSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    description: Nullable(Type.String()),
    status: GoalStatusSchema,
    target_date: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
    progress: ProgressSchema,
    version: Type.Integer({ description: 'Send it back with PATCH; 409 when stale' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Goal' },
);
export type Goal = Static<typeof GoalSchema>;

// Raw caps: the API trims the text, then checks the limit itself.
const title = Type.String({ maxLength: rawMax(LIMITS.titleMax) });
const description = Nullable(Type.String({ maxLength: rawMax(LIMITS.descriptionMax) }));

export const GoalInputSchema = Type.Object(
  {
    title,
    description: Type.Optional(description),
    target_date: Type.Optional(Nullable(IsoDate)),
  },
  { additionalProperties: false },
);
export type GoalInput = Static<typeof GoalInputSchema>;

/** The version the change was made on, any fields of a new goal, and the status. */
export const GoalPatchSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    status: Type.Optional(GoalStatusSchema),
    ...Type.Partial(GoalInputSchema).properties,
  },
  { additionalProperties: false },
);
export type GoalPatch = Static<typeof GoalPatchSchema>;

export const GoalListQuerySchema = Type.Object(
  {
    status: Type.Optional(GoalStatusSchema),
    cursor: Type.Optional(CursorParam),
    limit: Type.Optional(LimitParam),
  },
  { additionalProperties: false },
);

export const GoalPageSchema = PageOf(RefTo(GoalSchema));
