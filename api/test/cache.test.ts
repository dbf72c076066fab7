import { describe, expect, it } from '@rstest/core';
import { MemoryCache } from '../src/plugins/external/cache.js';

describe('MemoryCache', () => {
  it('holds at most its bound, dropping the least recently used first', () => {
    const cache = new MemoryCache(2);
    cache.set('a', 1, 60_000);
    cache.set('b', 2, 60_000);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3, 60_000);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
  });

  it('expires an entry after its own TTL', () => {
    let now = 1_000;
    const cache = new MemoryCache(10, { now: () => now });
    cache.set('short', 'x', 5_000);
    cache.set('long', 'y', 60_000);
    now += 4_000;
    expect(cache.get('short')).toBe('x');
    now += 2_000;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe('y');
  });

  it('drops a tag’s entries together, and an evicted entry leaves its tags', () => {
    const cache = new MemoryCache(2);
    cache.set('session:1', 's1', 60_000, ['user:u']);
    cache.set('session:2', 's2', 60_000, ['user:u']);
    cache.set('other', 'o', 60_000, ['user:v']);
    // session:1 was evicted; the same key stored again without the tag stays
    // when user:u is dropped (a stale tag index would delete it).
    cache.set('session:1', 'fresh', 60_000);
    cache.deleteTag('user:u');
    expect(cache.get('session:2')).toBeUndefined();
    expect(cache.get('session:1')).toBe('fresh');
  });
});
