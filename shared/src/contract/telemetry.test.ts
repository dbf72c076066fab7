// The telemetry contract takes anonymous input from anyone: it must refuse
// every property it does not name and bound every string and array, so a
// report is small whatever is sent. What the API answers to such input is
// api/test/telemetry.test.ts's.

import { describe, expect, it } from '@rstest/core';
import type { TSchema } from '@sinclair/typebox';
import { RemoteLoadBatchSchema } from './telemetry';

/** Paths in the schema that accept an unknown property, an unbounded string or array. */
function unbounded(schema: TSchema, path = '$'): string[] {
  const node = schema as TSchema & Record<string, unknown>;
  if (node.type === 'object') {
    const own = node.additionalProperties === false ? [] : [`${path}: unknown properties`];
    const properties = (node.properties ?? {}) as Record<string, TSchema>;
    return [
      ...own,
      ...Object.entries(properties).flatMap(([key, value]) => unbounded(value, `${path}.${key}`)),
    ];
  }
  if (node.type === 'array') {
    const own = typeof node.maxItems === 'number' ? [] : [`${path}: no maxItems`];
    return [...own, ...unbounded(node.items as TSchema, `${path}[]`)];
  }
  if (node.type === 'string' && typeof node.maxLength !== 'number' && !Array.isArray(node.enum)) {
    return [`${path}: no maxLength`];
  }
  return [];
}

describe('RemoteLoadBatchSchema', () => {
  it('names every property it takes and bounds every string and array', () => {
    expect(unbounded(RemoteLoadBatchSchema)).toEqual([]);
  });
});
