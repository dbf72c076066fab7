import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalsApi } from '../../goals-api';
import { queryKeys } from '../../query-keys';
import type { Goal, GoalPatch } from '../../types';
import { versionConflict } from '../../version-conflict';

export interface UpdateGoalVariables {
  id: string;
  /** Carries the `version` the edit was based on. */
  patch: GoalPatch;
}

export const updateGoalKey = [...queryKeys.goals.all, 'update'] as const;

export const updateGoalOnServer = ({ id, patch }: UpdateGoalVariables) =>
  goalsApi.update(id, patch).then((answer) => answer.goal);

/**
 * Edits a goal. A 409 is thrown to the caller (use `versionConflict(error)`
 * for the goal as it is now, to show beside what was typed); the cache gets
 * that current goal too, so every view shows the truth.
 */
export function useUpdateGoal() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: updateGoalKey,
    mutationFn: updateGoalOnServer,
    onSuccess: (goal) => {
      client.setQueryData(queryKeys.goals.detail(goal.id), goal);
      return client.invalidateQueries({ queryKey: queryKeys.workData });
    },
    onError: (error) => {
      const current = versionConflict<Goal>(error);
      if (!current) return;
      client.setQueryData(queryKeys.goals.detail(current.id), current);
      return client.invalidateQueries({ queryKey: queryKeys.goals.all });
    },
  });
}
