import { describe, expect, it } from '@rstest/core';
import { dayOfMonth, longDate, parseIsoDate, shortDate } from './dates';

describe('dates', () => {
  it('reads YYYY-MM-DD as that local calendar day, whatever the time zone', () => {
    const date = parseIsoDate('2025-03-01');
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2025, 2, 1]);
    expect(dayOfMonth('2025-11-08')).toBe('8');
  });

  it('formats the table and range labels', () => {
    expect(longDate('2025-11-18', 'en-US')).toBe('Tue, Nov 18');
    expect(shortDate('2025-11-18', 'en-US')).toBe('Nov 18');
  });
});
