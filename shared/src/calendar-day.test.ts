import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import {
  addDays,
  compactDayLabel,
  dayLabel,
  instantAt,
  isCalendarDay,
  localDate,
  todayIn,
} from './calendar-day';

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

  it('finds the instant a zone’s wall clock shows a day and time, on days the clocks change too', () => {
    const at = (date: string, time: string, zone: string) =>
      instantAt(date, time, zone).toISOString();
    expect(at('2030-06-01', '09:00', 'UTC')).toBe('2030-06-01T09:00:00.000Z');
    expect(at('2030-06-01', '09:00', 'Asia/Kolkata')).toBe('2030-06-01T03:30:00.000Z');
    expect(at('2030-01-15', '08:00', 'America/New_York')).toBe('2030-01-15T13:00:00.000Z');
    expect(at('2030-07-15', '08:00', 'America/New_York')).toBe('2030-07-15T12:00:00.000Z');
    // 10 March 2030: New York's clocks go from 02:00 to 03:00.
    expect(at('2030-03-10', '01:30', 'America/New_York')).toBe('2030-03-10T06:30:00.000Z');
    expect(at('2030-03-10', '09:00', 'America/New_York')).toBe('2030-03-10T13:00:00.000Z');
    // 3 November 2030: back from 02:00 to 01:00; 00:30 is still daylight time.
    expect(at('2030-11-03', '00:30', 'America/New_York')).toBe('2030-11-03T04:30:00.000Z');
    expect(at('2030-11-03', '09:00', 'America/New_York')).toBe('2030-11-03T14:00:00.000Z');
    expect(at('2030-12-31', '23:45', 'Pacific/Auckland')).toBe('2030-12-31T10:45:00.000Z');
  });

  it('reads a day as local midnight and knows a real day from a typo', () => {
    const date = localDate('2025-03-01');
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([
      2025, 2, 1, 0,
    ]);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-2-1')).toBe(false);
  });

  it('writes a day in the reader’s locale, with the year only outside this one', () => {
    const today = '2026-11-25';
    expect(dayLabel('2026-11-26', { today, locale: 'en-GB' })).toBe('Thu 26 Nov');
    expect(dayLabel('2026-11-26', { today, locale: 'en-US' })).toBe('Thu, Nov 26');
    expect(dayLabel('2027-01-04', { today, locale: 'en-GB' })).toBe('Mon, 4 Jan 2027');
    expect(dayLabel('2026-11-26', { today, locale: 'de-DE' })).toBe('Do., 26. Nov.');
    expect(compactDayLabel('2026-11-26', { today, locale: 'en-GB' })).toBe('26 Nov');
    expect(compactDayLabel('2025-11-26', { today, locale: 'en-US' })).toBe('Nov 26, 2025');
  });

  it('is the one place that writes a day: no other module formats dates', () => {
    const root = join(__dirname, '../..');
    const allowed = new Set(['shared/src/calendar-day.ts', 'shared/src/quick-add/wall-clock.ts']);
    const formatting = /toLocaleDateString\(|new Intl\.DateTimeFormat\(/;
    const offenders: string[] = [];
    const walk = (folder: string, depth: number) => {
      if (depth > 12) return;
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path, depth + 1);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          const name = relative(root, path);
          if (!allowed.has(name) && formatting.test(readFileSync(path, 'utf8')))
            offenders.push(name);
        }
      }
    };
    for (const app of [
      'host',
      'remote-auth',
      'remote-dashboard',
      'remote-goals',
      'remote-tasks',
      'shared',
    ])
      walk(join(root, app, 'src'), 0);
    expect(offenders).toEqual([]);
  });
});
