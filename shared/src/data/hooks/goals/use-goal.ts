import { useQuery } from '@tanstack/react-query';
import { goalsApi } from '../../goals-api';
import { queryKeys } from '../../query-keys';

/** One goal with its progress; a 404 (deleted, or not yours) is an error without retries. */
export function useGoal(id: string) {
  return useQuery({
    queryKey: queryKeys.goals.detail(id),
    queryFn: ({ signal }) => goalsApi.get(id, signal).then((answer) => answer.goal),
  });
}
