import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalsApi } from '../../goals-api';
import { queryKeys } from '../../query-keys';
import type { GoalInput } from '../../types';

/** Creates a goal. Errors (400 with `fields`) are left to the form, which keeps what was typed. */
export function useCreateGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: GoalInput) => goalsApi.create(input).then((answer) => answer.goal),
    onSuccess: (goal) => {
      client.setQueryData(queryKeys.goals.detail(goal.id), goal);
      return client.invalidateQueries({ queryKey: queryKeys.workData });
    },
  });
}
