// The /tasks routes: the contract's schemas (@stride/shared/contract) with
// what only the API adds (tags, summaries, error answers).
import {
  AgendaSchema,
  IdParams,
  TaskInputSchema,
  TaskListQuerySchema,
  TaskPageSchema,
  TaskPatchSchema,
  TaskSchema,
} from '@stride/shared/contract';
import { errorResponses } from './common.js';
import { conflictOf, envelope } from './records.js';

export const taskSchema = TaskSchema;
const taskEnvelope = envelope('task', TaskSchema);

export const listTasksSchema = {
  tags: ['tasks'],
  summary: 'Tasks, filtered and sorted (default newest first), in pages',
  querystring: TaskListQuerySchema,
  response: { 200: TaskPageSchema, ...errorResponses(503) },
} as const;

export const agendaSchema = {
  tags: ['tasks'],
  summary:
    'The Upcoming view: undone tasks due in the next 14 days, with later days of repeating tasks',
  response: { 200: AgendaSchema, ...errorResponses(503) },
} as const;

export const createTaskSchema = {
  tags: ['tasks'],
  summary: 'Create a task; goal_id must be one of your goals',
  body: TaskInputSchema,
  response: { 201: taskEnvelope, ...errorResponses(503) },
} as const;

export const getTaskSchema = {
  tags: ['tasks'],
  summary: 'One task (404 when deleted or not yours)',
  params: IdParams,
  response: { 200: taskEnvelope, ...errorResponses(404, 503) },
} as const;

export const updateTaskSchema = {
  tags: ['tasks'],
  summary: 'Change a task; `version` must be the one you read (409 with the current task if not)',
  description:
    'A move in the own order sends `position` alone: a key between its new neighbours; when another task holds it, the next free key after it is taken. ' +
    "Setting a repeating task's `due_date` back to the day of the occurrence its last write completed takes that completion back (an undo).",
  params: IdParams,
  body: TaskPatchSchema,
  response: {
    200: taskEnvelope,
    409: conflictOf(TaskSchema),
    ...errorResponses(404, 503),
  },
} as const;

export const deleteTaskSchema = {
  tags: ['tasks'],
  summary: 'Soft-delete a task (undo with restore)',
  params: IdParams,
  response: { 200: taskEnvelope, ...errorResponses(404, 503) },
} as const;

export const restoreTaskSchema = {
  tags: ['tasks'],
  summary: 'Undo a delete',
  params: IdParams,
  response: { 200: taskEnvelope, ...errorResponses(404, 503) },
} as const;
