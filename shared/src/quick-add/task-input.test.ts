import { describe, expect, it } from '@rstest/core';
import { parseQuickAdd } from './parse-quick-add';
import { plainLine } from './quick-add-types';
import { taskInputOf } from './task-input';

// Wednesday 25 November 2026, 10:00 in London.
const NOW = new Date('2026-11-25T10:00:00Z');
const read = (text: string) =>
  parseQuickAdd(text, {
    now: NOW,
    timeZone: 'Europe/London',
    goals: [{ id: 'g-home', title: 'Home' }],
  });

describe('taskInputOf', () => {
  it('sends only the title for a plain line', () => {
    expect(taskInputOf(plainLine('Buy milk'))).toEqual({ title: 'Buy milk' });
  });

  it('sends everything the line set, reminders included', () => {
    expect(
      taskInputOf(
        read('Pay rent tomorrow 9am p1 #Home @bills every! month remind 30m before remind me 8am'),
      ),
    ).toEqual({
      title: 'Pay rent',
      due_date: '2026-11-26',
      due_time: '09:00',
      priority: 'high',
      goal_id: 'g-home',
      labels: ['bills'],
      repeat: 'FREQ=MONTHLY',
      repeat_from: 'done',
      reminders: [{ before_minutes: 30 }, { at: '2026-11-26T08:00:00.000Z' }],
    });
  });

  it('leaves out a repeat_from with no repeat, and empty labels and reminders', () => {
    expect(taskInputOf({ ...plainLine('Stretch'), repeat_from: 'done' })).toEqual({
      title: 'Stretch',
    });
  });
});
