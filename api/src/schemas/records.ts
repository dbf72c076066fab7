// Pieces shared by the goal and task schemas: an envelope and the 409 answer.
import { type TSchema, Type } from '@sinclair/typebox';
import { RefTo } from '@stride/shared/contract';

/** `{ [key]: <the resource> }`: how a single goal or task travels. */
export const envelope = <K extends string, T extends TSchema & { $id?: string }>(
  key: K,
  schema: T,
) => Type.Object({ [key]: RefTo(schema) } as { [P in K]: ReturnType<typeof RefTo<T>> });

/** 409 version_conflict: the record as it is now, so nothing is silently lost. */
export const conflictOf = <T extends TSchema & { $id?: string }>(schema: T) =>
  Type.Object({
    error: Type.String(),
    code: Type.Unsafe<'version_conflict'>({ type: 'string', enum: ['version_conflict'] }),
    current: RefTo(schema),
  });
