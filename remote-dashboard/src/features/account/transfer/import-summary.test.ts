import { describe, expect, it } from '@rstest/core';
import { dayLabel } from '@stride/shared/calendar-day';
import type { ImportReport } from '@stride/shared/contract';
import { addsInWords, extrasInWords, sampleDetails } from './import-summary';

const report = (fields: Partial<ImportReport>) =>
  ({ goals: 0, tasks: 0, steps: 0, completions: 0, ...fields }) as ImportReport;

describe('import summary', () => {
  it('counts what the file adds, one or many', () => {
    expect(addsInWords(report({ goals: 1, tasks: 1 }))).toBe('1 goal and 1 task');
    expect(addsInWords(report({ goals: 0, tasks: 12 }))).toBe('12 tasks');
    expect(extrasInWords(report({ steps: 8, completions: 1 }))).toBe(
      'with 8 steps and 1 finished occurrence',
    );
    expect(extrasInWords(report({}))).toBe('');
  });

  it('describes a sample task by its day (in the reader’s format), time, repeat, goal and steps', () => {
    const base = { title: 'x', due_date: null, due_time: null, repeat: null, goal: null, steps: 0 };
    expect(sampleDetails(base)).toBe('');
    expect(sampleDetails({ ...base, due_date: '2026-11-26', goal: 'Home', steps: 2 })).toBe(
      `${dayLabel('2026-11-26')} · Home · 2 steps`,
    );
    expect(
      sampleDetails({ ...base, due_date: '2026-11-30', due_time: '09:00', repeat: 'FREQ=DAILY' }),
    ).toBe(`${dayLabel('2026-11-30')}, 09:00 · every day`);
  });
});
