import { afterEach, describe, expect, it } from '@rstest/core';
import { act, cleanup, renderHook } from '@testing-library/react';
import { testTask } from '../../../test-utils/fixtures';
import type { Task } from '../../types';
import { useDoneTick } from './use-done-tick';

afterEach(cleanup);

describe('useDoneTick', () => {
  it('flips at once on a tick, and follows the next task object (optimistic, answer or rollback)', () => {
    const todo = testTask('t1', { status: 'todo' });
    const { result, rerender } = renderHook(({ task }: { task: Task }) => useDoneTick(task), {
      initialProps: { task: todo },
    });
    expect(result.current.checked).toBe(false);
    act(() => result.current.tick());
    // Same task object: the cache has not caught up yet, the box already shows the click.
    expect(result.current.checked).toBe(true);
    rerender({ task: { ...todo, status: 'done' } });
    expect(result.current.checked).toBe(true);
    // A rollback (a new object, back to todo) unticks it.
    rerender({ task: { ...todo } });
    expect(result.current.checked).toBe(false);
  });
});
