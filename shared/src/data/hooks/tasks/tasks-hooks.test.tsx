import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
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
import { ApiError } from '../../../api/api-error';
import { MESSAGES } from '../../../messages';
import { json, networkError, type SeenRequest, stubFetch } from '../../../test-utils';
import { testTask } from '../../../test-utils/fixtures';
import { recordErrorToasts } from '../../../test-utils/notify-spy';
import { Toasts } from '../../../ui/toasts/Toasts';
import { queryKeys } from '../../query-keys';
import type { Page, Task } from '../../types';
import { taskListKey, useCreateTask, useDeleteTask, useTasks, useUpdateTask } from './index';
import { TASK_COPY } from './task-copy';
import { resetTaskWrites } from './task-write-queue';

const task = testTask;

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
const listKey = taskListKey({});
const cachedTasks = () =>
  client.getQueryData<InfiniteData<Page<Task>>>(listKey)?.pages.flatMap((page) => page.items) ?? [];
const seed = (...tasks: Task[]) =>
  client.setQueryData<InfiniteData<Page<Task>, string | null>>(listKey, {
    pages: [{ items: tasks, next_cursor: null }],
    pageParams: [null],
  });
const conflict = (current: Task) =>
  json({ error: 'Changed elsewhere', code: 'version_conflict', current }, 409);
const bodyOf = (request: SeenRequest | undefined) => JSON.parse(String(request?.body));

let errors: string[];
beforeEach(() => {
  // Seeded data stays fresh, so only invalidation (not mounting) refetches.
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  resetTaskWrites();
  errors = recordErrorToasts();
});

afterEach(() => {
  cleanup();
  // Toasts live in react-hot-toast's own store: one test's must not show in the next.
  toast.remove();
  client.clear();
  rs.unstubAllGlobals();
});

describe('useTasks', () => {
  it('asks for pages of 50 and follows the cursor', async () => {
    const { calls } = stubFetch(
      json({ items: [task('a')], next_cursor: 'c2' }),
      json({ items: [task('b')], next_cursor: null }),
    );
    const { result } = renderHook(() => useTasks({ status: 'todo', sort: 'priority' }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));
    await act(() => result.current.fetchNextPage());
    await waitFor(() =>
      expect(result.current.data?.pages.flatMap((page) => page.items.map((t) => t.id))).toEqual([
        'a',
        'b',
      ]),
    );
    expect(result.current.hasNextPage).toBe(false);
    expect(calls[0]?.url).toMatch(/\/tasks\/\?status=todo&sort=priority&limit=50$/);
    expect(calls[1]?.url).toMatch(/limit=50&cursor=c2$/);
  });
});

describe('useUpdateTask', () => {
  it('shows the change at once, then the server record', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    seed(task('a'), task('b'));
    const before = cachedTasks();
    const { result } = renderHook(() => useUpdateTask(), { wrapper });
    act(() => result.current.mutate({ id: 'a', patch: { status: 'done', version: 1 } }));
    await waitFor(() => expect(cachedTasks()[0]?.status).toBe('done'));
    expect(cachedTasks()[0]?.completed_at).not.toBeNull();
    expect(cachedTasks()[1]).toBe(before[1]);
    answer(json({ task: task('a', { status: 'done', version: 2, completed_at: 'server' }) }));
    await waitFor(() => expect(cachedTasks()[0]?.version).toBe(2));
    expect(cachedTasks()[0]?.completed_at).toBe('server');
  });

  it('rolls back with a message when the server refuses', async () => {
    stubFetch(json({ error: 'Nope', code: 'bad' }, 400));
    seed(task('a'));
    const { result } = renderHook(() => useUpdateTask(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ id: 'a', patch: { status: 'done', version: 1 } }).catch(() => 0),
    );
    expect(cachedTasks()[0]).toMatchObject({ status: 'todo', completed_at: null, version: 1 });
    expect(errors).toEqual([`${TASK_COPY.updateRolledBack('Task a')} Nope`]);
  });

  it('says the server is unreachable when the network fails', async () => {
    stubFetch(networkError());
    seed(task('a'));
    const { result } = renderHook(() => useUpdateTask(), { wrapper });
    await act(() =>
      result.current.mutateAsync({ id: 'a', patch: { title: 'x', version: 1 } }).catch(() => 0),
    );
    expect(cachedTasks()[0]?.title).toBe('Task a');
    expect(errors[0]).toContain(MESSAGES.networkError);
  });

  it('on a 409 shows the current record and hands the conflict to the caller', async () => {
    const current = task('a', { title: 'Changed elsewhere', version: 4 });
    stubFetch(conflict(current));
    seed(task('a'));
    const { result } = renderHook(() => useUpdateTask({ notifyErrors: false }), { wrapper });
    let caught: unknown;
    await act(() =>
      result.current
        .mutateAsync({ id: 'a', patch: { title: 'Mine', version: 1 } })
        .catch((error) => (caught = error)),
    );
    expect(cachedTasks()[0]).toEqual(current);
    expect(caught).toBeInstanceOf(ApiError);
    expect(errors).toEqual([]);
  });

  it('sends quick successive writes in order, the second on the version the first produced', async () => {
    let first: (response: Response) => void = () => undefined;
    const { calls } = stubFetch(
      () => new Promise<Response>((resolve) => (first = resolve)),
      json({ task: task('a', { status: 'todo', version: 3 }) }),
    );
    seed(task('a'));
    const { result } = renderHook(() => useUpdateTask(), { wrapper });
    act(() => result.current.mutate({ id: 'a', patch: { status: 'done', version: 1 } }));
    act(() => result.current.mutate({ id: 'a', patch: { status: 'todo', version: 1 } }));
    await waitFor(() => expect(cachedTasks()[0]?.status).toBe('todo'));
    expect(calls).toHaveLength(1);
    first(json({ task: task('a', { status: 'done', version: 2 }) }));
    // The first answer must not undo the second, still pending, change.
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(cachedTasks()[0]?.status).toBe('todo');
    expect(bodyOf(calls[1])).toEqual({ status: 'todo', version: 2 });
    await waitFor(() => expect(cachedTasks()[0]?.version).toBe(3));
    expect(errors).toEqual([]);
  });

  it('invalidates the rest of the work data (dashboard, goals)', async () => {
    stubFetch(json({ task: task('a', { status: 'done', version: 2 }) }));
    seed(task('a'));
    client.setQueryData(queryKeys.dashboard, { counts: {} });
    const { result } = renderHook(() => useUpdateTask(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 'a', patch: { status: 'done', version: 1 } }));
    expect(client.getQueryState(queryKeys.dashboard)?.isInvalidated).toBe(true);
  });
});

describe('useDeleteTask', () => {
  it('removes the task at once and Undo restores it', async () => {
    const { calls } = stubFetch(
      json({ task: task('a') }),
      json({ task: task('a') }),
      json({ items: [task('a'), task('b')], next_cursor: null }),
    );
    seed(task('a'), task('b'));
    render(<Toasts />);
    const { result } = renderHook(() => ({ del: useDeleteTask(), list: useTasks({}) }), {
      wrapper,
    });
    await act(() => result.current.del.mutateAsync('a'));
    expect(cachedTasks().map((t) => t.id)).toEqual(['b']);
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(cachedTasks().map((t) => t.id)).toEqual(['a', 'b']));
    expect(calls.map((call) => `${call.method ?? 'GET'} ${new URL(call.url).pathname}`)).toEqual([
      'DELETE /api/tasks/a/',
      'POST /api/tasks/a/restore/',
      'GET /api/tasks/',
    ]);
  });

  it('puts the task back and says so when the server refuses', async () => {
    stubFetch(
      json({ error: 'Conflict', code: 'conflict' }, 409),
      json({ items: [task('a')], next_cursor: null }),
    );
    seed(task('a'));
    const { result } = renderHook(() => ({ del: useDeleteTask(), list: useTasks({}) }), {
      wrapper,
    });
    await act(() => result.current.del.mutateAsync('a').catch(() => 0));
    await waitFor(() => expect(cachedTasks().map((t) => t.id)).toEqual(['a']));
    expect(errors).toEqual([`${TASK_COPY.deleteFailed} Conflict`]);
  });

  it('sends one delete for a double press, and counts a task already gone as deleted', async () => {
    const { calls } = stubFetch(
      json({ error: 'Not found', code: 'not_found' }, 404),
      json({ items: [task('b')], next_cursor: null }),
    );
    seed(task('a'), task('b'));
    render(<Toasts />);
    const { result } = renderHook(() => ({ del: useDeleteTask(), list: useTasks({}) }), {
      wrapper,
    });
    await act(() =>
      Promise.all([result.current.del.mutateAsync('a'), result.current.del.mutateAsync('a')]),
    );
    expect(cachedTasks().map((t) => t.id)).toEqual(['b']);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findAllByText(TASK_COPY.deleted)).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

describe('useCreateTask', () => {
  it('posts the task and reloads the lists before it settles', async () => {
    const { calls } = stubFetch(
      json({ task: task('n', { title: 'New' }) }, 201),
      json({ items: [task('n', { title: 'New' })], next_cursor: null }),
    );
    seed();
    const { result } = renderHook(() => ({ create: useCreateTask(), list: useTasks({}) }), {
      wrapper,
    });
    await act(() => result.current.create.mutateAsync({ title: 'New' }));
    expect(cachedTasks().map((t) => t.title)).toEqual(['New']);
    expect(bodyOf(calls[0])).toEqual({ title: 'New' });
  });
});
