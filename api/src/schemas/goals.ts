// Request and response schemas of the /goals routes.
import { LIMITS, rawMax } from '@stride/shared/limits';
import { errorResponses } from './common.js';
import {
  conflictOf,
  cursorParam,
  envelope,
  idParams,
  limitParam,
  nullableDate,
  pageOf,
} from './records.js';

const status = { type: 'string', enum: ['active', 'completed', 'archived'] } as const;
// Raw caps: the text is trimmed, then checked against the limit itself (lib/record-input.ts).
const title = { type: 'string', maxLength: rawMax(LIMITS.titleMax) } as const;
const description = {
  type: ['string', 'null'],
  maxLength: rawMax(LIMITS.descriptionMax),
} as const;

export const goalSchema = {
  $id: 'Goal',
  type: 'object',
  required: [
    'id',
    'title',
    'description',
    'status',
    'target_date',
    'progress',
    'version',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    description: { type: ['string', 'null'] },
    status,
    target_date: { type: ['string', 'null'], description: 'YYYY-MM-DD' },
    progress: {
      type: 'object',
      description: "The goal's live tasks: how many are done, out of how many",
      required: ['done', 'total'],
      properties: { done: { type: 'integer' }, total: { type: 'integer' } },
    },
    version: { type: 'integer', description: 'Send it back with PATCH; 409 when stale' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const goalEnvelope = envelope('goal', 'Goal#');

export const listGoalsSchema = {
  tags: ['goals'],
  summary: 'Goals, nearest target date first (none last), then newest first',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { status, cursor: cursorParam, limit: limitParam },
  },
  response: { 200: pageOf('Goal#'), ...errorResponses(400, 401, 503) },
} as const;

export const createGoalSchema = {
  tags: ['goals'],
  summary: 'Create a goal (status active)',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: { title, description, target_date: nullableDate },
  },
  response: { 201: goalEnvelope, ...errorResponses(400, 401, 403, 413, 415, 503) },
} as const;

export const getGoalSchema = {
  tags: ['goals'],
  summary: 'One goal (404 when deleted or not yours)',
  params: idParams,
  response: { 200: goalEnvelope, ...errorResponses(400, 401, 404, 503) },
} as const;

export const updateGoalSchema = {
  tags: ['goals'],
  summary: 'Change a goal; `version` must be the one you read (409 with the current goal if not)',
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['version'],
    properties: {
      version: { type: 'integer', minimum: 1 },
      title,
      description,
      status,
      target_date: nullableDate,
    },
  },
  response: {
    200: goalEnvelope,
    409: conflictOf('Goal#'),
    ...errorResponses(400, 401, 403, 404, 413, 415, 503),
  },
} as const;

export const deleteGoalSchema = {
  tags: ['goals'],
  summary: 'Soft-delete a goal (undo with restore); its tasks stay, unlinked, unless delete_tasks',
  params: idParams,
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: { delete_tasks: { type: 'string', enum: ['true', 'false'] } },
  },
  response: { 200: goalEnvelope, ...errorResponses(400, 401, 403, 404, 503) },
} as const;

export const restoreGoalSchema = {
  tags: ['goals'],
  summary: 'Undo a delete: the goal and the tasks deleted with it come back',
  params: idParams,
  response: { 200: goalEnvelope, ...errorResponses(400, 401, 403, 404, 503) },
} as const;
