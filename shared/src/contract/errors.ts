import { type Static, Type } from '@sinclair/typebox';

/** The JSON error body every API error carries. */
export const ApiErrorSchema = Type.Object(
  {
    error: Type.String({ description: 'Human-readable message' }),
    code: Type.String({ description: 'Machine-readable code' }),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
    position: Type.Optional(
      Type.Integer({
        minimum: 0,
        description: 'Where in the field’s text the problem starts (0-based), e.g. in a filter',
      }),
    ),
  },
  { $id: 'Error' },
);
export type ApiErrorBody = Static<typeof ApiErrorSchema> & {
  /** With 409 `version_conflict`: the record as it is now. */
  current?: unknown;
};
