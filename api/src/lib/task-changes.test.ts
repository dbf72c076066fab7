// The repeat and completion rules of a task update, without a database: the
// cases PATCH /api/tasks/{id}/ meets (api/test/task-repeats.test.ts runs
// them end to end).

import { describe, expect, it } from '@rstest/core';
import type { TaskPatch } from '@stride/shared/contract';
import { HttpError } from './errors.js';
import { type TaskBefore, taskChange } from './task-changes.js';

// Sunday 10 March 2030.
const NOW = '2030-03-10T12:00:00.000Z';
const TODAY = '2030-03-10';
const EARLIER = '2030-03-09T08:00:00.000Z';
const WEEKLY_MONDAY = 'FREQ=WEEKLY;BYDAY=MO';
/** 29 February every other year, counted from the year it starts: none from an odd year. */
const LEAP_DAY_EVEN_YEARS = 'FREQ=YEARLY;INTERVAL=2;BYMONTH=2;BYMONTHDAY=29';

const task = (fields: Partial<TaskBefore> = {}): TaskBefore => ({
  title: 'Run',
  notes: null,
  due_date: null,
  due_time: null,
  repeat_rule: null,
  repeat_from: 'due',
  subtasks: null,
  completed_at: null,
  position: 'a0',
  label_names: null,
  reminder_list: null,
  ...fields,
});
const change = (row: TaskBefore, patch: Omit<TaskPatch, 'version'>, today = TODAY) =>
  taskChange(row, { version: 4, ...patch }, NOW, today);
const steps = (...done: boolean[]) =>
  JSON.stringify(done.map((isDone, i) => ({ id: `s${i}`, title: `Step ${i}`, done: isDone })));

/** The 400 a call throws, as the client reads it. */
function refusal(run: () => unknown): { status: number; fields?: Record<string, string> } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('taskChange', () => {
  it('changes nothing for a patch that names nothing but the version', () => {
    expect(change(task(), {})).toBeNull();
  });

  it('bumps the version, stamps the time and keeps the derived columns in step', () => {
    const result = change(task({ notes: 'Slowly' }), { title: 'Swim', priority: 'high' });
    expect(result).toEqual({
      next: {
        title: 'Swim',
        priority: 'high',
        priority_rank: 3,
        search_text: 'swim\nslowly',
        version: 5,
        updated_at: NOW,
      },
      completed: null,
      labels: null,
      reminders: null,
    });
  });

  it('changes reminders only when the list differs, whatever its order or spelling', () => {
    const reminded = task({ reminder_list: '2030-03-10T13:00:00.000Z,b30' });
    expect(
      change(reminded, {
        reminders: [{ before_minutes: 30 }, { at: '2030-03-10T14:00:00+01:00' }],
      }),
    ).toBeNull();
    expect(change(reminded, { reminders: [{ before_minutes: 15 }] })).toMatchObject({
      reminders: [{ before_minutes: 15 }],
      next: { version: 5 },
    });
    expect(change(task(), { reminders: [] })).toBeNull();
  });

  it('changes labels only when the names differ, whatever their case or order', () => {
    const labelled = task({ label_names: 'errand,home' });
    expect(change(labelled, { labels: ['Home', 'ERRAND'] })).toBeNull();
    const more = change(labelled, { labels: ['home', 'errand', 'waiting'] });
    expect(more).toMatchObject({ labels: ['home', 'errand', 'waiting'], next: { version: 5 } });
    expect(change(labelled, { labels: [] })?.labels).toEqual([]);
    expect(change(task(), { labels: [] })).toBeNull();
  });

  it('sets completed_at when a task becomes done, keeps it while done, clears it when reopened', () => {
    expect(change(task(), { status: 'done' })?.next.completed_at).toBe(NOW);
    const done = task({ completed_at: EARLIER });
    expect(change(done, { status: 'done' })?.next.completed_at).toBe(EARLIER);
    const reopened = change(done, { status: 'todo' });
    expect(reopened?.next).toMatchObject({ status: 'todo', completed_at: null });
    expect(reopened?.completed).toBeNull();
  });

  it('completing a repeating task records the occurrence and moves it to its next day, steps unticked', () => {
    const row = task({
      repeat_rule: WEEKLY_MONDAY,
      due_date: '2030-03-11',
      subtasks: steps(true, false),
    });
    const result = change(row, { status: 'done' });
    expect(result?.completed).toEqual({ occurrence_date: '2030-03-11' });
    expect(result?.next).toMatchObject({
      status: 'todo',
      completed_at: null,
      due_date: '2030-03-18',
      subtasks: steps(false, false),
    });
  });

  it('moves an overdue repeating task to its next day from today, not into the past', () => {
    const row = task({ repeat_rule: 'FREQ=DAILY', due_date: '2030-03-01' });
    const result = change(row, { status: 'done' });
    expect(result?.completed).toEqual({ occurrence_date: '2030-03-01' });
    expect(result?.next.due_date).toBe('2030-03-10');
  });

  it.each([
    ['FREQ=MONTHLY', '2030-04-11'],
    ['FREQ=WEEKLY', '2030-03-18'],
    ['FREQ=WEEKLY;INTERVAL=2', '2030-03-25'],
    ['FREQ=DAILY;INTERVAL=3', '2030-03-14'],
    ['FREQ=YEARLY', '2031-03-11'],
  ])(
    '%s due 11 March and done on the 10th is next due %s: its own days, counted from the due day',
    (rule, next) => {
      const result = change(task({ repeat_rule: rule, due_date: '2030-03-11' }), {
        status: 'done',
      });
      expect(result?.next.due_date).toBe(next);
    },
  );

  it('"every! 3 days" comes round three days after the day it is done, early or late', () => {
    const every3 = { repeat_rule: 'FREQ=DAILY;INTERVAL=3', repeat_from: 'done' };
    // Done two days late (due 8 March, done 10 March): due again 13 March, not 11 March.
    const late = change(task({ ...every3, due_date: '2030-03-08' }), { status: 'done' });
    expect(late?.completed).toEqual({ occurrence_date: '2030-03-08' });
    expect(late?.next).toMatchObject({ status: 'todo', due_date: '2030-03-13' });
    // Done a day early (due 11 March): still three days from today.
    const early = change(task({ ...every3, due_date: '2030-03-11' }), { status: 'done' });
    expect(early?.next.due_date).toBe('2030-03-13');
    // The same rule counted from its due day moves on from there.
    const fromDue = change(task({ ...every3, repeat_from: 'due', due_date: '2030-03-11' }), {
      status: 'done',
    });
    expect(fromDue?.next.due_date).toBe('2030-03-14');
  });

  it('a new rule without repeat_from counts from the due day; repeat_from alone changes only that', () => {
    const row = task({ repeat_rule: 'FREQ=DAILY', repeat_from: 'done', due_date: TODAY });
    expect(change(row, { repeat: 'FREQ=WEEKLY' })?.next.repeat_from).toBe('due');
    expect(change(row, { repeat: 'FREQ=WEEKLY', repeat_from: 'done' })?.next.repeat_from).toBe(
      'done',
    );
    const toDue = change(row, { repeat_from: 'due' });
    expect(toDue?.next).toMatchObject({ repeat_from: 'due', version: 5 });
    expect(toDue?.next.repeat_rule).toBeUndefined();
    // Without a rule there is nothing to count from.
    expect(change(task(), { repeat_from: 'done' })?.next.repeat_from).toBe('due');
  });

  it('unticks the steps sent with the completion, not the stored ones', () => {
    const row = task({ repeat_rule: 'FREQ=DAILY', due_date: TODAY, subtasks: steps(true) });
    const sent = [{ id: 'new', title: 'New step', done: true }];
    const result = change(row, { status: 'done', subtasks: sent });
    expect(result?.next.subtasks).toBe(JSON.stringify([{ ...sent[0], done: false }]));
  });

  it('ends a repeating task whose rule has no day left in reach: it is simply done', () => {
    // Every other year from 2031 is every odd year: no 29 February, ever.
    const row = task({ repeat_rule: LEAP_DAY_EVEN_YEARS, due_date: '2031-12-31' });
    const result = change(row, { status: 'done' }, '2031-12-31');
    expect(result?.completed).toEqual({ occurrence_date: '2031-12-31' });
    expect(result?.next).toMatchObject({ status: 'done', completed_at: NOW });
    expect(result?.next.due_date).toBeUndefined();
  });

  it('completes like any task once the rule is dropped in the same change', () => {
    const row = task({ repeat_rule: WEEKLY_MONDAY, due_date: '2030-03-11' });
    const result = change(row, { status: 'done', repeat: null });
    expect(result?.completed).toBeNull();
    expect(result?.next).toMatchObject({ status: 'done', completed_at: NOW, repeat_rule: null });
    expect(result?.next.due_date).toBeUndefined();
  });

  it("gives a dateless task that starts repeating its rule's first day from today", () => {
    const result = change(task(), { repeat: WEEKLY_MONDAY });
    expect(result?.next).toMatchObject({ repeat_rule: WEEKLY_MONDAY, due_date: '2030-03-11' });
  });

  it('keeps a repeating task dated when its date is cleared', () => {
    const row = task({ repeat_rule: WEEKLY_MONDAY, due_date: '2030-03-18' });
    expect(change(row, { due_date: null })?.next.due_date).toBe('2030-03-11');
  });

  it('refuses a rule with no day in reach from today', () => {
    expect(refusal(() => change(task(), { repeat: LEAP_DAY_EVEN_YEARS }, '2031-03-02'))).toEqual({
      status: 400,
      fields: { repeat: 'That repeat rule never comes round from this day' },
    });
  });

  it('clears the time with the date, and refuses a time without one', () => {
    const timed = task({ due_date: '2030-03-12', due_time: '09:30' });
    expect(change(timed, { due_date: null })?.next).toMatchObject({
      due_date: null,
      due_time: null,
    });
    expect(refusal(() => change(task(), { due_time: '09:30' }))).toEqual({
      status: 400,
      fields: { due_time: 'A time needs a due date' },
    });
  });
});
