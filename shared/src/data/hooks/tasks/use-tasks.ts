import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../limits';
import { queryKeys } from '../../query-keys';
import { tasksApi } from '../../tasks-api';
import type { TaskFilters } from '../../types';

export type TaskListFilters = Omit<TaskFilters, 'cursor'>;

/** The cache key of a `useTasks` list: under `queryKeys.tasks.list`, so every task write reaches it. */
export const taskListKey = (filters: TaskListFilters) =>
  [...queryKeys.tasks.list(filters), 'infinite'] as const;

/**
 * Tasks matching `filters`, one cursor page (50 by default) at a time:
 * `fetchNextPage` while `hasNextPage`. While new filters load, the previous
 * list stays on screen (`isPlaceholderData`) instead of a blank.
 */
export function useTasks(filters: TaskListFilters = {}) {
  return useInfiniteQuery({
    queryKey: taskListKey(filters),
    queryFn: ({ pageParam, signal }) =>
      tasksApi.list(
        {
          ...filters,
          limit: filters.limit ?? LIMITS.pageSizeDefault,
          cursor: pageParam ?? undefined,
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
  });
}
