import { describe, expect, it } from '@rstest/core';
import { checkRule, nextOccurrence } from '.';

describe('nextOccurrence', () => {
  it.each([
    // [rule, from, inclusive, expected]
    ['FREQ=WEEKLY;BYDAY=MO', '2026-11-25', true, '2026-11-30'],
    ['FREQ=WEEKLY;BYDAY=MO', '2026-11-30', true, '2026-11-30'],
    ['FREQ=WEEKLY;BYDAY=MO', '2026-11-30', false, '2026-12-07'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', '2026-11-27', false, '2026-11-30'],
    ['FREQ=DAILY', '2026-12-31', false, '2027-01-01'],
    // Month ends: the 31st skips the months without one; "last day" does not.
    ['FREQ=MONTHLY;BYMONTHDAY=31', '2027-01-31', false, '2027-03-31'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2027-01-31', false, '2027-02-28'],
    ['FREQ=MONTHLY;BYMONTHDAY=-1', '2028-01-31', false, '2028-02-29'],
    // Leap years: 29 February comes round every four years.
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', '2024-02-29', false, '2028-02-29'],
    ['FREQ=MONTHLY;BYMONTHDAY=1', '2026-11-25', true, '2026-12-01'],
    ['FREQ=WEEKLY;INTERVAL=2', '2026-11-25', false, '2026-12-09'],
    // A weekday of the month: the third Friday, the last Monday (four or five in a month).
    ['FREQ=MONTHLY;BYDAY=3FR', '2026-11-25', true, '2026-12-18'],
    ['FREQ=MONTHLY;BYDAY=-1MO', '2026-11-30', false, '2026-12-28'],
    ['FREQ=MONTHLY;BYDAY=-1FR', '2027-01-01', true, '2027-01-29'],
    // Calendar days, not instants: the night the clocks change is a day like any other.
    ['FREQ=DAILY', '2026-03-28', false, '2026-03-29'],
    ['FREQ=DAILY', '2026-10-24', false, '2026-10-25'],
  ] as const)('%s from %s (inclusive: %s) is %s', (rule, from, inclusive, expected) => {
    expect(nextOccurrence(rule, from, inclusive)).toBe(expected);
  });
});

describe('checkRule', () => {
  it.each([
    'FREQ=DAILY',
    'FREQ=WEEKLY;BYDAY=SA,SU',
    'FREQ=MONTHLY;BYMONTHDAY=-1',
    'FREQ=YEARLY',
    'RRULE:FREQ=WEEKLY;INTERVAL=3',
  ])('accepts %s', (rule) => {
    expect(checkRule(rule).ok).toBe(true);
  });

  it.each([
    ['FREQ=HOURLY', 'at most once a day'],
    ['FREQ=MINUTELY;INTERVAL=5', 'at most once a day'],
    ['FREQ=DAILY;BYHOUR=9,17', 'at most once a day'],
    ['FREQ=DAILY;COUNT=3', 'no start, end or count'],
    ['FREQ=DAILY;UNTIL=20270101T000000Z', 'no start, end or count'],
    ['DTSTART:20260101T000000Z\nRRULE:FREQ=DAILY', 'no start, end or count'],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', 'never comes round'],
    ['EVERY=TUESDAY', 'not one Stride understands'],
    ['', '1 to 200 characters'],
    [`FREQ=WEEKLY;BYDAY=${'MO,'.repeat(80)}MO`, '1 to 200 characters'],
  ])('refuses %s', (rule, reason) => {
    const check = checkRule(rule);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toContain(reason);
  });
});
