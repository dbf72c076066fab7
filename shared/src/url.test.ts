import { describe, expect, it } from '@rstest/core';
import { withoutTrailingSlashes } from './url';

describe('withoutTrailingSlashes', () => {
  it.each([
    ['http://localhost:8000/api/', 'http://localhost:8000/api'],
    ['http://localhost:8000/api///', 'http://localhost:8000/api'],
    ['http://localhost:8000/api', 'http://localhost:8000/api'],
    ['/', ''],
    ['', ''],
  ])('%s → %s', (value, expected) => {
    expect(withoutTrailingSlashes(value)).toBe(expected);
  });

  it('reads a long run of slashes in one pass', () => {
    expect(withoutTrailingSlashes(`${'/'.repeat(100_000)}x`)).toHaveLength(100_001);
  });
});
