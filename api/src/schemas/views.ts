// The /views routes: saved filter views, the contract's schemas
// (@stride/shared/contract) with what only the API adds.
import {
  IdParams,
  TaskViewInputSchema,
  TaskViewListSchema,
  TaskViewPatchSchema,
  TaskViewSchema,
} from '@stride/shared/contract';
import { errorResponses } from './common.js';
import { envelope } from './records.js';

export const taskViewSchema = TaskViewSchema;
const viewEnvelope = envelope('view', TaskViewSchema);

const FILTER_ERRORS =
  'A query that cannot be used is a 400 `invalid_filter` with `position`, the offset of the problem in it.';

export const listViewsSchema = {
  tags: ['views'],
  summary: 'Your saved filter views, by name',
  response: { 200: TaskViewListSchema, ...errorResponses(503) },
} as const;

export const createViewSchema = {
  tags: ['views'],
  summary: 'Save a filter view (409 view_exists when the name is taken, whatever its case)',
  description: `${FILTER_ERRORS} Past the limit of views a user keeps: 400 \`too_many_views\`.`,
  body: TaskViewInputSchema,
  response: { 201: viewEnvelope, ...errorResponses(409, 503) },
} as const;

export const updateViewSchema = {
  tags: ['views'],
  summary: 'Rename a view or change its query (404 when it is not yours)',
  description: FILTER_ERRORS,
  params: IdParams,
  body: TaskViewPatchSchema,
  response: { 200: viewEnvelope, ...errorResponses(404, 409, 503) },
} as const;

export const deleteViewSchema = {
  tags: ['views'],
  summary: 'Delete a view (404 when it is not yours)',
  params: IdParams,
  response: { 204: { type: 'null', description: 'Deleted' }, ...errorResponses(404, 503) },
} as const;
