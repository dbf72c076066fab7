import { describe, expect, it } from '@rstest/core';
import { addDays, todayIn } from './calendar-day';

describe('calendar days', () => {
  it('steps across months, years and leap days', () => {
    expect(addDays('2030-01-31', 1)).toBe('2030-02-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2030-01-01', -1)).toBe('2029-12-31');
    expect(addDays('2030-03-30', 14)).toBe('2030-04-13');
  });

  it('reads today on the wall clock of a zone', () => {
    const instant = new Date('2030-03-10T23:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2030-03-10');
    expect(todayIn('Asia/Tokyo', instant)).toBe('2030-03-11');
    expect(todayIn('America/New_York', instant)).toBe('2030-03-10');
  });
});
