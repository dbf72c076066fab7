import { describe, expect, it } from '@rstest/core';
import { dayLabel } from '@stride/shared/calendar-day';
import { dueForView, landingNote } from './quick-add-landing';

const TODAY = '2030-03-10';

describe('where a quick-added task lands', () => {
  it('gives an undated task the first day of the view it was typed in', () => {
    expect(dueForView('today', TODAY)).toBe('2030-03-10');
    expect(dueForView('upcoming', TODAY)).toBe('2030-03-11');
    expect(dueForView(undefined, TODAY)).toBeUndefined();
  });

  it('says nothing when the task shows where it was typed', () => {
    expect(landingNote('today', { title: 'a', due_date: '2030-03-10' }, TODAY)).toBeNull();
    expect(landingNote('today', { title: 'a', due_date: '2030-03-01' }, TODAY)).toBeNull();
    expect(landingNote('upcoming', { title: 'a', due_date: '2030-03-24' }, TODAY)).toBeNull();
    expect(landingNote(undefined, { title: 'a', due_date: null }, TODAY)).toBeNull();
  });

  it('names the view a task went to when it is not this one', () => {
    expect(landingNote('today', { title: 'Call', due_date: '2030-03-12' }, TODAY)).toBe(
      `“Call” is due ${dayLabel('2030-03-12', { today: TODAY })}: it is in Upcoming.`,
    );
    expect(landingNote('upcoming', { title: 'Call', due_date: TODAY }, TODAY)).toBe(
      '“Call” is due today: it is in Today.',
    );
    expect(landingNote('upcoming', { title: 'Call', due_date: '2030-04-30' }, TODAY)).toBe(
      `“Call” is due ${dayLabel('2030-04-30', { today: TODAY })}: it is in All.`,
    );
  });
});
