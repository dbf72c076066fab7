// Pieces shared by the goal and task schemas: ids, dates, pages, conflicts.
import { LIMITS } from '../lib/record-input.js';

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 64 } },
} as const;

/** YYYY-MM-DD and a real calendar date (2023-02-29 is refused). */
export const nullableDate = { type: ['string', 'null'], format: 'date', maxLength: 10 } as const;

export const cursorParam = {
  type: 'string',
  maxLength: 512,
  description: 'next_cursor of the previous page; opaque',
} as const;

export const limitParam = {
  type: 'string',
  pattern: '^[0-9]{1,3}$',
  description: `Page size, 1 to ${LIMITS.pageSizeMax} (default ${LIMITS.pageSizeDefault})`,
} as const;

export function pageOf(ref: string) {
  return {
    type: 'object',
    required: ['items', 'next_cursor'],
    properties: {
      items: { type: 'array', items: { $ref: ref } },
      next_cursor: { type: ['string', 'null'] },
    },
  } as const;
}

export function envelope<K extends string>(key: K, ref: string) {
  return {
    type: 'object',
    required: [key],
    properties: { [key]: { $ref: ref } } as Record<K, { $ref: string }>,
  } as const;
}

/** 409 version_conflict: the record as it is now, so nothing is silently lost. */
export function conflictOf(ref: string) {
  return {
    type: 'object',
    required: ['error', 'code', 'current'],
    properties: {
      error: { type: 'string' },
      code: { type: 'string', enum: ['version_conflict'] },
      current: { $ref: ref },
    },
  } as const;
}
