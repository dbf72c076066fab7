// The /goals routes: the contract's schemas (@stride/shared/contract) with
// what only the API adds (tags, summaries, error answers).
import { Type } from '@sinclair/typebox';
import {
  GoalInputSchema,
  GoalListQuerySchema,
  GoalPageSchema,
  GoalPatchSchema,
  GoalSchema,
  IdParams,
} from '@stride/shared/contract';
import { errorResponses } from './common.js';
import { conflictOf, envelope } from './records.js';

export const goalSchema = GoalSchema;
const goalEnvelope = envelope('goal', GoalSchema);

export const listGoalsSchema = {
  tags: ['goals'],
  summary: 'Goals, nearest target date first (none last), then newest first',
  querystring: GoalListQuerySchema,
  response: { 200: GoalPageSchema, ...errorResponses(503) },
} as const;

export const createGoalSchema = {
  tags: ['goals'],
  summary: 'Create a goal (status active)',
  body: GoalInputSchema,
  response: { 201: goalEnvelope, ...errorResponses(503) },
} as const;

export const getGoalSchema = {
  tags: ['goals'],
  summary: 'One goal (404 when deleted or not yours)',
  params: IdParams,
  response: { 200: goalEnvelope, ...errorResponses(404, 503) },
} as const;

export const updateGoalSchema = {
  tags: ['goals'],
  summary: 'Change a goal; `version` must be the one you read (409 with the current goal if not)',
  params: IdParams,
  body: GoalPatchSchema,
  response: {
    200: goalEnvelope,
    409: conflictOf(GoalSchema),
    ...errorResponses(404, 503),
  },
} as const;

export const deleteGoalSchema = {
  tags: ['goals'],
  summary: 'Soft-delete a goal (undo with restore); its tasks stay, unlinked, unless delete_tasks',
  params: IdParams,
  querystring: Type.Object(
    {
      delete_tasks: Type.Optional(
        Type.Unsafe<'true' | 'false'>({ type: 'string', enum: ['true', 'false'] }),
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: goalEnvelope, ...errorResponses(404, 503) },
} as const;

export const restoreGoalSchema = {
  tags: ['goals'],
  summary: 'Undo a delete: the goal and the tasks deleted with it come back',
  params: IdParams,
  response: { 200: goalEnvelope, ...errorResponses(404, 503) },
} as const;
