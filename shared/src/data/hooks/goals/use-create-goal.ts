import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalsApi } from '../../goals-api';
import { queryKeys } from '../../query-keys';
import type { GoalInput } from '../../types';

export const createGoalKey = [...queryKeys.goals.all, 'create'] as const;

export const createGoalOnServer = (input: GoalInput) =>
  goalsApi.create(input).then((answer) => answer.goal);

/** Creates a goal. Errors (400 with `fields`) are left to the form, which keeps what was typed. */
export function useCreateGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: createGoalKey,
    mutationFn: createGoalOnServer,
    onSuccess: (goal) => {
      client.setQueryData(queryKeys.goals.detail(goal.id), goal);
      return client.invalidateQueries({ queryKey: queryKeys.workData });
    },
  });
}
