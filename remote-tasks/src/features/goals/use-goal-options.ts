import { type Goal, goalsApi, LIMITS, queryKeys } from '@stride/shared';
import { useQuery } from '@tanstack/react-query';

const FILTERS = { limit: LIMITS.pageSizeMax } as const;
/** The cache key of the goal pickers' list. */
export const goalOptionsKey = queryKeys.goals.list(FILTERS);
/** A bound on the requests one picker makes: 1,000 goals is far beyond real use. */
const MAX_PAGES = 10;
// One empty list until the answer comes, so the renders before it pass the same list.
const NO_GOALS: Goal[] = [];

/** Every goal of the user, page after page, up to MAX_PAGES pages. */
export async function fetchAllGoals(signal?: AbortSignal): Promise<Goal[]> {
  const goals: Goal[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, next_cursor } = await goalsApi.list(
      cursor ? { ...FILTERS, cursor } : FILTERS,
      signal,
    );
    goals.push(...items);
    if (!next_cursor) break;
    cursor = next_cursor;
  }
  return goals;
}

/** The user's goals, for the goal pickers and the goal names on task rows. */
export function useGoalOptions() {
  const query = useQuery({
    queryKey: goalOptionsKey,
    queryFn: ({ signal }) => fetchAllGoals(signal),
    staleTime: 60_000,
  });
  const goals: Goal[] = query.data ?? NO_GOALS;
  return { goals, isLoading: query.isLoading };
}

/** Options for a goal <select>: active goals, plus the task's own goal whatever its status. */
export function goalOptions(goals: Goal[], keep?: string | null) {
  return goals
    .filter((goal) => goal.status === 'active' || goal.id === keep)
    .map((goal) => ({ value: goal.id, label: goal.title }));
}
