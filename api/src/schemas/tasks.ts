// Request and response schemas of the /tasks routes.
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

const status = { type: 'string', enum: ['todo', 'in_progress', 'done'] } as const;
const priority = { type: 'string', enum: ['none', 'low', 'medium', 'high'] } as const;
// Raw caps: the text is trimmed, then checked against the limit itself (lib/record-input.ts).
const title = { type: 'string', maxLength: rawMax(LIMITS.titleMax) } as const;
const notes = { type: ['string', 'null'], maxLength: rawMax(LIMITS.notesMax) } as const;
const goalId = { type: ['string', 'null'], maxLength: 64 } as const;

export const taskSchema = {
  $id: 'Task',
  type: 'object',
  required: [
    'id',
    'title',
    'notes',
    'status',
    'priority',
    'due_date',
    'goal_id',
    'completed_at',
    'version',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    notes: { type: ['string', 'null'] },
    status,
    priority,
    due_date: { type: ['string', 'null'], description: 'YYYY-MM-DD' },
    goal_id: { type: ['string', 'null'], description: 'null while the goal is deleted' },
    completed_at: { type: ['string', 'null'], description: 'Set when the task becomes done' },
    version: { type: 'integer', description: 'Send it back with PATCH; 409 when stale' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
  },
} as const;

const taskEnvelope = envelope('task', 'Task#');

export const listTasksSchema = {
  tags: ['tasks'],
  summary: 'Tasks, filtered and sorted (default newest first), in pages',
  querystring: {
    type: 'object',
    additionalProperties: false,
    properties: {
      status: {
        type: 'string',
        enum: [...status.enum, 'open'],
        description: 'open = every task not done',
      },
      goal_id: { type: 'string', maxLength: 64 },
      due: {
        type: 'string',
        enum: ['today', 'overdue', 'upcoming'],
        description: "In the user's time zone; overdue excludes done tasks",
      },
      q: {
        type: 'string',
        maxLength: LIMITS.searchMax,
        description: 'Case-insensitive text in the title or notes',
      },
      sort: {
        type: 'string',
        enum: ['created_at', 'due_date', 'priority'],
        description:
          'created_at: newest first; due_date: soonest first, none last; priority: high first',
      },
      cursor: cursorParam,
      limit: limitParam,
    },
  },
  response: { 200: pageOf('Task#'), ...errorResponses(400, 401, 503) },
} as const;

export const createTaskSchema = {
  tags: ['tasks'],
  summary: 'Create a task; goal_id must be one of your goals',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['title'],
    properties: { title, notes, status, priority, due_date: nullableDate, goal_id: goalId },
  },
  response: { 201: taskEnvelope, ...errorResponses(400, 401, 403, 413, 415, 503) },
} as const;

export const getTaskSchema = {
  tags: ['tasks'],
  summary: 'One task (404 when deleted or not yours)',
  params: idParams,
  response: { 200: taskEnvelope, ...errorResponses(400, 401, 404, 503) },
} as const;

export const updateTaskSchema = {
  tags: ['tasks'],
  summary: 'Change a task; `version` must be the one you read (409 with the current task if not)',
  params: idParams,
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['version'],
    properties: {
      version: { type: 'integer', minimum: 1 },
      title,
      notes,
      status,
      priority,
      due_date: nullableDate,
      goal_id: goalId,
    },
  },
  response: {
    200: taskEnvelope,
    409: conflictOf('Task#'),
    ...errorResponses(400, 401, 403, 404, 413, 415, 503),
  },
} as const;

export const deleteTaskSchema = {
  tags: ['tasks'],
  summary: 'Soft-delete a task (undo with restore)',
  params: idParams,
  response: { 200: taskEnvelope, ...errorResponses(400, 401, 403, 404, 503) },
} as const;

export const restoreTaskSchema = {
  tags: ['tasks'],
  summary: 'Undo a delete',
  params: idParams,
  response: { 200: taskEnvelope, ...errorResponses(400, 401, 403, 404, 503) },
} as const;
