import { type Goal, goalsApi, queryKeys } from '@stride/shared';
import { useQuery } from '@tanstack/react-query';

const FILTERS = { limit: 100 } as const;

/**
 * The user's goals for the goal pickers and the goal names on task rows.
 * One page of up to 100 is plenty for a picker; a goal beyond it still
 * shows on its tasks once its id is known (`goalTitle` falls back).
 */
export function useGoalOptions() {
  const query = useQuery({
    queryKey: queryKeys.goals.list(FILTERS),
    queryFn: ({ signal }) => goalsApi.list(FILTERS, signal),
    select: (page) => page.items,
    staleTime: 60_000,
  });
  const goals: Goal[] = query.data ?? [];
  return { goals, isLoading: query.isLoading };
}

/** Options for a goal <select>: active goals, plus the task's own goal whatever its status. */
export function goalOptions(goals: Goal[], keep?: string | null) {
  return goals
    .filter((goal) => goal.status === 'active' || goal.id === keep)
    .map((goal) => ({ value: goal.id, label: goal.title }));
}
