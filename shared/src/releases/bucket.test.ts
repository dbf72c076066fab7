import { describe, expect, it } from '@rstest/core';
import { BUCKETS, bucketOf, isInCanary } from './bucket';

const randomIds = (count: number) => Array.from({ length: count }, () => crypto.randomUUID());

describe('canary buckets', () => {
  it('give one browser the same bucket every time', () => {
    const id = crypto.randomUUID();
    const bucket = bucketOf(id, 'remote_goals');
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(BUCKETS);
    for (let round = 0; round < 5; round++) expect(bucketOf(id, 'remote_goals')).toBe(bucket);
  });

  it.each([1, 10, 25, 50, 90, 99])(
    'put %i %% of 10,000 random browsers on the canary, within 2 points',
    (percent) => {
      const ids = randomIds(10_000);
      const share =
        (ids.filter((id) => isInCanary(id, 'remote_goals', percent)).length / ids.length) * 100;
      expect(Math.abs(share - percent)).toBeLessThanOrEqual(2);
    },
  );

  it('keep the browsers already on a canary there when its share grows', () => {
    const ids = randomIds(2_000);
    const atTen = ids.filter((id) => isInCanary(id, 'remote_tasks', 10));
    expect(atTen.every((id) => isInCanary(id, 'remote_tasks', 50))).toBe(true);
  });

  it('are independent between apps', () => {
    const ids = randomIds(10_000);
    const both = ids.filter(
      (id) => isInCanary(id, 'remote_goals', 50) && isInCanary(id, 'remote_tasks', 50),
    ).length;
    // Independent halves overlap on about a quarter of the browsers.
    expect(Math.abs(both / ids.length - 0.25)).toBeLessThan(0.02);
  });
});
