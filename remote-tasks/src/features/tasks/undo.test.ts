import { describe, expect, it } from '@rstest/core';
import { testTask as task } from '@stride/shared/testing';
import { revertPatch, UNDO_DEPTH, type UndoEntry, UndoHistory } from './undo';

const change = (
  id: string,
  before = task(id),
  after = { ...before, title: 'changed', version: 2 },
) => ({ kind: 'change', id, title: before.title, before, after }) as UndoEntry;

describe('revertPatch', () => {
  it('sends back what differs, on the version the change made', () => {
    const before = task('a', { status: 'todo', priority: 'low' });
    const after = { ...before, status: 'done' as const, completed_at: 'x', version: 5 };
    expect(revertPatch(before, after)).toEqual({ status: 'todo', version: 5 });
  });

  it('puts back what the server derived: a repeating task’s day and its unticked steps', () => {
    const steps = [{ id: 's', title: 'Pack', done: true }];
    const before = task('r', { repeat: 'FREQ=DAILY', due_date: '2030-03-10', subtasks: steps });
    const after = {
      ...before,
      due_date: '2030-03-11',
      subtasks: [{ id: 's', title: 'Pack', done: false }],
      version: 2,
    };
    expect(revertPatch(before, after)).toEqual({
      due_date: '2030-03-10',
      subtasks: steps,
      version: 2,
    });
  });

  it('puts back labels and reminders like any field', () => {
    const before = task('l', { labels: ['errand'], reminders: [{ before_minutes: 30 }] });
    const after = { ...before, labels: [], reminders: [], version: 3 };
    expect(revertPatch(before, after)).toEqual({
      labels: ['errand'],
      reminders: [{ before_minutes: 30 }],
      version: 3,
    });
  });

  it('is null when nothing differs, and never sends the timestamps or the version as fields', () => {
    const before = task('a');
    expect(revertPatch(before, { ...before, version: 2, updated_at: 'later' })).toBeNull();
  });
});

describe('UndoHistory', () => {
  it('walks back newest first, and an entry undone by its toast is not undone again', () => {
    const history = new UndoHistory();
    const [one, two, three] = [change('1'), change('2'), change('3')];
    for (const entry of [one, two, three]) history.remember(entry as UndoEntry);
    expect(history.take(two)).toBe(two);
    expect(history.take(two)).toBeUndefined();
    expect(history.take()).toBe(three);
    expect(history.take()).toBe(one);
    expect(history.take()).toBeUndefined();
  });

  it('keeps the last UNDO_DEPTH changes, and skips a change that changed nothing', () => {
    const history = new UndoHistory();
    const same = task('s');
    history.remember({ kind: 'change', id: 's', title: 'x', before: same, after: same });
    expect(history.take()).toBeUndefined();
    for (let i = 0; i < UNDO_DEPTH + 5; i++) history.remember(change(`${i}`));
    let count = 0;
    while (history.take()) count++;
    expect(count).toBe(UNDO_DEPTH);
  });
});
