import { type Static, Type } from '@sinclair/typebox';
import { LIMITS, rawMax } from '../limits';

/** A saved filter view: a name and a filter query (docs/product.md §4). */
export const TaskViewSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    query: Type.String({ description: 'A filter query, as GET /tasks/?filter= takes it' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'TaskView' },
);
export type TaskView = Static<typeof TaskViewSchema>;

export const TaskViewListSchema = Type.Object({
  items: Type.Array(TaskViewSchema, {
    description: `Every view of the user, by name (at most ${LIMITS.viewsPerUser})`,
  }),
});
export type TaskViewList = Static<typeof TaskViewListSchema>;

// Raw caps: the API trims the name, then checks the limit itself; the query
// is read as sent (error positions count from its first character).
const name = Type.String({
  maxLength: rawMax(LIMITS.viewNameMax),
  description: `1 to ${LIMITS.viewNameMax} characters once trimmed; unique per user whatever its case`,
});
const query = Type.String({
  maxLength: LIMITS.filterMax,
  description: 'A filter query, e.g. `today & @errand`; its labels and goals must exist',
});

export const TaskViewInputSchema = Type.Object({ name, query }, { additionalProperties: false });
export type TaskViewInput = Static<typeof TaskViewInputSchema>;

export const TaskViewPatchSchema = Type.Object(
  { name: Type.Optional(name), query: Type.Optional(query) },
  { additionalProperties: false },
);
export type TaskViewPatch = Static<typeof TaskViewPatchSchema>;
