import { type Static, Type } from '@sinclair/typebox';
import { LABEL_COLORS, LABEL_NAME_CHARS } from '../labels';
import { LIMITS } from '../limits';
import { StringEnum } from './schema-helpers';

export const LabelColorSchema = StringEnum(LABEL_COLORS, {
  description: 'One of a fixed set of colours, drawn to suit the light and dark themes',
});

/** A label's name as a request carries it (the API trims it first, then checks it). */
export const LabelNameSchema = Type.String({
  minLength: 1,
  maxLength: LIMITS.labelNameMax,
  pattern: `^\\s*${LABEL_NAME_CHARS}+\\s*$`,
  description: 'One word: letters, digits, - and _; unique per user whatever its case',
});

export const LabelSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    color: LabelColorSchema,
    task_count: Type.Integer({ minimum: 0, description: 'Live tasks that carry it' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Label' },
);
export type Label = Static<typeof LabelSchema>;

export const LabelListSchema = Type.Object({
  items: Type.Array(LabelSchema, {
    description: `Every label of the user, by name (at most ${LIMITS.labelsPerUser})`,
  }),
});

export const LabelInputSchema = Type.Object(
  { name: LabelNameSchema, color: Type.Optional(LabelColorSchema) },
  { additionalProperties: false },
);
export type LabelInput = Static<typeof LabelInputSchema>;

export const LabelPatchSchema = Type.Object(
  { name: Type.Optional(LabelNameSchema), color: Type.Optional(LabelColorSchema) },
  { additionalProperties: false },
);
export type LabelPatch = Static<typeof LabelPatchSchema>;

/** A task's labels in a write: their names; a name the user has no label for makes one. */
export const TaskLabelsSchema = Type.Array(LabelNameSchema, {
  maxItems: LIMITS.labelsPerTask,
  description: `The task's labels by name, all of them (at most ${LIMITS.labelsPerTask}); unknown names become new labels`,
});
