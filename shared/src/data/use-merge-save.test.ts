import { beforeEach, describe, expect, it } from '@rstest/core';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '../api/api-error';
import { type SaveCallbacks, useMergeSave } from './use-merge-save';

interface Note {
  title: string;
  body: string;
  version: number;
}
type Values = Pick<Note, 'title' | 'body'>;
interface Sent {
  values: Values;
  version: number;
}

const FIELDS = ['title', 'body'] as const;
const opened: Note = { title: 'Plan', body: 'Monday', version: 1 };
const conflict = (current: Note) =>
  new ApiError('http', 'PATCH /notes/n1 answered 409', {
    status: 409,
    body: { error: 'Changed elsewhere', code: 'version_conflict', current },
  });

let replies: (Error | 'ok')[];
let sent: Sent[];
let events: string[];

beforeEach(() => {
  replies = [];
  sent = [];
  events = [];
});

/** Answers each request with the next reply, at once, as the server would. */
const mutate = (request: Sent, callbacks: SaveCallbacks) => {
  sent.push(request);
  const reply = replies.shift() ?? 'ok';
  if (reply === 'ok') callbacks.onSuccess();
  else callbacks.onError(reply);
};

const renderSave = () =>
  renderHook(() =>
    useMergeSave({
      record: opened,
      fields: FIELDS,
      valuesOf: ({ title, body }: Note) => ({ title, body }),
      request: (values: Values, against: Note) =>
        values.title === against.title && values.body === against.body
          ? null
          : { values, version: against.version },
      mutate,
      onSaved: () => events.push('saved'),
      onNothingToSave: () => events.push('nothing to save'),
      onMerged: (values) => events.push(`merged ${values.title} / ${values.body}`),
      onFailed: (error) => events.push(`failed ${(error as Error).message}`),
    }),
  );

describe('useMergeSave', () => {
  it('sends the edit on the version it started from', () => {
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan', body: 'Tuesday' }));
    expect(sent).toEqual([{ values: { title: 'Plan', body: 'Tuesday' }, version: 1 }]);
    expect(events).toEqual(['saved']);
    expect(result.current.conflict).toBeNull();
  });

  it('sends nothing when nothing changed', () => {
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan', body: 'Monday' }));
    expect(sent).toEqual([]);
    expect(events).toEqual(['nothing to save']);
  });

  it('on a 409 that merges cleanly, saves the merge again on the saved version', () => {
    const theirs = { title: 'Plan the week', body: 'Monday', version: 2 };
    replies = [conflict(theirs), 'ok'];
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan', body: 'Tuesday' }));
    expect(sent).toEqual([
      { values: { title: 'Plan', body: 'Tuesday' }, version: 1 },
      { values: { title: 'Plan the week', body: 'Tuesday' }, version: 2 },
    ]);
    expect(events).toEqual(['merged Plan the week / Tuesday', 'saved']);
    expect(result.current.conflict).toBeNull();
    expect(result.current.base).toEqual(theirs);
  });

  it('on a 409 where both changed a field, reports it and waits for the user', () => {
    const theirs = { title: 'Plan the month', body: 'Friday', version: 2 };
    replies = [conflict(theirs)];
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan the week', body: 'Monday' }));
    expect(sent).toHaveLength(1);
    expect(events).toEqual(['merged Plan the week / Friday']);
    expect(result.current.conflict).toEqual({ fields: ['title'], current: theirs });

    act(() => result.current.keepMine({ title: 'Plan the week', body: 'Friday' }));
    expect(sent[1]).toEqual({ values: { title: 'Plan the week', body: 'Friday' }, version: 2 });
    expect(events.at(-1)).toBe('saved');
    expect(result.current.conflict).toBeNull();
  });

  it('shows a second 409 on the retry instead of retrying again', () => {
    const first = { title: 'Plan the week', body: 'Monday', version: 2 };
    const second = { title: 'Plan the week', body: 'Monday', version: 3 };
    replies = [conflict(first), conflict(second)];
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan', body: 'Tuesday' }));
    expect(sent).toHaveLength(2);
    expect(result.current.conflict).toEqual({ fields: [], current: second });
    expect(result.current.base).toEqual(second);
  });

  it('"Use the saved version" takes their fields, and closes when nothing of mine is left', () => {
    const theirs = { title: 'Plan the month', body: 'Monday', version: 2 };
    replies = [conflict(theirs)];
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan the week', body: 'Monday' }));
    act(() => result.current.takeTheirs({ title: 'Plan the week', body: 'Monday' }));
    expect(events.at(-1)).toBe('nothing to save');
    expect(result.current.conflict).toBeNull();
  });

  it('"Use the saved version" keeps my other fields in the form', () => {
    const theirs = { title: 'Plan the month', body: 'Monday', version: 2 };
    replies = [conflict(theirs)];
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan the week', body: 'Monday' }));
    act(() => result.current.takeTheirs({ title: 'Plan the week', body: 'Tuesday' }));
    expect(events.at(-1)).toBe('merged Plan the month / Tuesday');
    expect(sent).toHaveLength(1);
  });

  it('hands any other failure to the form, keeping the base', () => {
    replies = [new ApiError('http', 'answered 422', { status: 422 }), new Error('offline')];
    const { result } = renderSave();
    act(() => result.current.save({ title: 'Plan', body: 'Tuesday' }));
    act(() => result.current.save({ title: 'Plan', body: 'Tuesday' }));
    expect(events).toEqual(['failed answered 422', 'failed offline']);
    expect(result.current.conflict).toBeNull();
    expect(result.current.base).toBe(opened);
    expect(sent.map((request) => request.version)).toEqual([1, 1]);
  });
});
