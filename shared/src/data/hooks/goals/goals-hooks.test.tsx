import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
} from '@testing-library/react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { json, networkError, type SeenRequest, stubFetch } from '../../../test-utils';
import { testGoal } from '../../../test-utils/fixtures';
import { Toasts } from '../../../ui/toasts/Toasts';
import { queryClient } from '../../query-client';
import { queryKeys } from '../../query-keys';
import type { Goal } from '../../types';
import { useDeleteGoal, useGoalStatus, useGoals, useUpdateGoal } from './index';
import { patchGoalStatus } from './use-goal-status';

const goal = testGoal('g1', {
  title: 'Run a half marathon',
  target_date: '2027-05-01',
  progress: { done: 1, total: 3 },
  version: 4,
});

const conflict = (current: Goal) =>
  json({ error: 'Changed elsewhere', code: 'version_conflict', current }, 409);

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

const body = (request: SeenRequest | undefined) => JSON.parse(String(request?.body));

afterEach(() => {
  cleanup();
  act(() => toast.remove());
  queryClient.clear();
  rs.unstubAllGlobals();
});

describe('useGoals', () => {
  it('reads a status tab page by page and flattens the items', async () => {
    const second = { ...goal, id: 'g2' };
    const { calls } = stubFetch(
      json({ items: [goal], next_cursor: 'c2' }),
      json({ items: [second], next_cursor: null }),
    );
    const { result } = renderHook(() => useGoals({ status: 'active' }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual([goal]));
    expect(result.current.hasNextPage).toBe(true);
    await act(() => result.current.fetchNextPage());
    await waitFor(() => expect(result.current.data?.map((item) => item.id)).toEqual(['g1', 'g2']));
    expect(result.current.hasNextPage).toBe(false);
    expect(calls.map((call) => call.url.replace(/^.*\/api/, ''))).toEqual([
      '/goals/?status=active',
      '/goals/?status=active&cursor=c2',
    ]);
  });
});

describe('patchGoalStatus', () => {
  it('retries a 409 once on the current version: only the status is sent', async () => {
    const current = { ...goal, title: 'Renamed elsewhere', version: 5 };
    const { calls } = stubFetch(
      conflict(current),
      json({ goal: { ...current, status: 'completed', version: 6 } }),
    );
    const updated = await patchGoalStatus(goal, 'completed');
    expect(updated).toMatchObject({ status: 'completed', title: 'Renamed elsewhere', version: 6 });
    expect(body(calls[0])).toEqual({ status: 'completed', version: 4 });
    expect(body(calls[1])).toEqual({ status: 'completed', version: 5 });
  });

  it('takes the current goal when it already has the wanted status', async () => {
    const current = { ...goal, status: 'completed' as const, version: 5 };
    stubFetch(conflict(current));
    expect(await patchGoalStatus(goal, 'completed')).toEqual(current);
  });
});

describe('useGoalStatus', () => {
  it('completes a goal, refreshes work data, and Undo puts it back to active', async () => {
    const completed = { ...goal, status: 'completed' as const, version: 5 };
    const { calls } = stubFetch(json({ goal: completed }), json({ goal: { ...goal, version: 6 } }));
    queryClient.setQueryData(queryKeys.dashboard, { stale: false });
    render(<Toasts />);
    const { result } = renderHook(() => useGoalStatus(), { wrapper });
    await act(() => result.current.mutateAsync({ goal, status: 'completed' }));
    expect(queryClient.getQueryState(queryKeys.dashboard)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(queryKeys.goals.detail('g1'))).toEqual(completed);
    await screen.findByText('Goal completed');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.method).toBe('PATCH');
    expect(body(calls[1])).toEqual({ status: 'active', version: 5 });
    await waitFor(() =>
      expect(queryClient.getQueryData<Goal>(queryKeys.goals.detail('g1'))?.status).toBe('active'),
    );
  });

  it('says so when the server cannot be reached, and changes nothing', async () => {
    stubFetch(networkError());
    render(<Toasts />);
    const { result } = renderHook(() => useGoalStatus(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ goal, status: 'archived' }).catch(() => undefined),
    );
    await screen.findByText('Cannot reach server. Please try again later.');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});

describe('useDeleteGoal', () => {
  it('deletes (with its tasks when asked) and Undo restores it', async () => {
    const { calls } = stubFetch(
      json({ goal: { ...goal, version: 5 } }),
      json({ goal: { ...goal, version: 6 } }),
    );
    render(<Toasts />);
    const { result } = renderHook(() => useDeleteGoal(), { wrapper });
    await act(() => result.current.mutateAsync({ goal, deleteTasks: true }));
    expect(calls[0]?.url).toMatch(/\/goals\/g1\/\?delete_tasks=true$/);
    expect(calls[0]?.method).toBe('DELETE');
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(calls[1]?.url).toMatch(/\/goals\/g1\/restore\/$/));
    expect(calls[1]?.method).toBe('POST');
    await screen.findByText('Goal restored');
  });
});

describe('useUpdateGoal', () => {
  it('throws a 409 to the caller and caches the goal as it is now', async () => {
    const current = { ...goal, title: 'Theirs', version: 5 };
    stubFetch(conflict(current));
    const { result } = renderHook(() => useUpdateGoal(), { wrapper });
    await act(() =>
      expect(
        result.current.mutateAsync({ id: 'g1', patch: { title: 'Mine', version: 4 } }),
      ).rejects.toMatchObject({ status: 409 }),
    );
    expect(queryClient.getQueryData(queryKeys.goals.detail('g1'))).toEqual(current);
  });
});
