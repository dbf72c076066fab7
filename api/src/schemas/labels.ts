// The /labels routes: the contract's schemas with what only the API adds.
import { Type } from '@sinclair/typebox';
import {
  IdParams,
  LabelInputSchema,
  LabelPatchSchema,
  LabelSchema,
  RefTo,
} from '@stride/shared/contract';
import { errorResponses, okSchema } from './common.js';
import { envelope } from './records.js';

export const labelSchema = LabelSchema;
const labelEnvelope = envelope('label', LabelSchema);

export const listLabelsSchema = {
  tags: ['labels'],
  summary: 'Every label, by name, with how many live tasks carry it',
  response: { 200: Type.Object({ items: Type.Array(RefTo(LabelSchema)) }), ...errorResponses(503) },
} as const;

export const createLabelSchema = {
  tags: ['labels'],
  summary: 'Make a label (409 label_exists when the name is taken, whatever its case)',
  description:
    'Labels are also made by naming them in a task’s `labels`. An account keeps at most 200.',
  body: LabelInputSchema,
  response: { 201: labelEnvelope, ...errorResponses(409, 503) },
} as const;

export const updateLabelSchema = {
  tags: ['labels'],
  summary: 'Rename or recolour a label; every task that carries it shows the new name',
  params: IdParams,
  body: LabelPatchSchema,
  response: { 200: labelEnvelope, ...errorResponses(404, 409, 503) },
} as const;

export const deleteLabelSchema = {
  tags: ['labels'],
  summary: 'Delete a label and take it off every task',
  params: IdParams,
  response: { 200: okSchema, ...errorResponses(404, 503) },
} as const;
