import { describe, expect, it } from '@rstest/core';
import { repeatOptions } from './repeat-options';

describe('repeatOptions', () => {
  it('anchors the weekly and monthly choices on the due date', () => {
    // 2026-12-01 is a Tuesday.
    expect(repeatOptions('2026-12-01', '').map((option) => option.label)).toEqual([
      'Does not repeat',
      'Every day',
      'Every weekday',
      'Every week on Tuesday',
      'Every 2 weeks on Tuesday',
      'Every month on the 1st',
      'Every month on the 1st Tuesday',
      'Every year',
    ]);
  });

  it('offers the last weekday of the month for a date in its last days', () => {
    // 2026-12-29 is the fifth Tuesday of December: "the last Tuesday".
    const values = repeatOptions('2026-12-29', '').map((option) => option.value);
    expect(values).toContain('FREQ=MONTHLY;BYDAY=-1TU');
    expect(repeatOptions('2026-12-22', '').map((option) => option.label)).toContain(
      'Every month on the 4th Tuesday',
    );
  });

  it('offers plain weekly and monthly choices without a date, and keeps a rule of its own', () => {
    const options = repeatOptions('', 'FREQ=WEEKLY;BYDAY=SA,SU');
    expect(options.map((option) => option.value)).toContain('FREQ=WEEKLY');
    expect(options.at(-1)).toEqual({ value: 'FREQ=WEEKLY;BYDAY=SA,SU', label: 'Every weekend' });
  });

  it('says so for the saved rule when it counts from the day the task is done ("every!")', () => {
    const options = repeatOptions('2026-12-01', 'FREQ=DAILY;INTERVAL=3', 'FREQ=DAILY;INTERVAL=3');
    expect(options.at(-1)).toEqual({
      value: 'FREQ=DAILY;INTERVAL=3',
      label: "Every 3 days after it's done",
    });
    // Another choice reads as usual.
    expect(options.find((option) => option.value === 'FREQ=DAILY')?.label).toBe('Every day');
  });
});
