import { useInfiniteQuery } from '@tanstack/react-query';
import { goalsApi } from '../../goals-api';
import { queryKeys } from '../../query-keys';
import type { GoalFilters } from '../../types';

/** The cache key of a `useGoals` list. */
export const goalListKey = (filters: Omit<GoalFilters, 'cursor'>) =>
  [...queryKeys.goals.list(filters), 'pages'] as const;

/**
 * A goal list, page by page (`fetchNextPage` while `hasNextPage`), flattened
 * into `data: Goal[]`. The key ends in 'pages' so a plain `useQuery` on
 * `queryKeys.goals.list(filters)` elsewhere never reads this cache shape.
 */
export function useGoals(filters: Omit<GoalFilters, 'cursor'> = {}) {
  return useInfiniteQuery({
    queryKey: goalListKey(filters),
    queryFn: ({ pageParam, signal }) => goalsApi.list({ ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.items),
  });
}
