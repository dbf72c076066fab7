import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../ui/toasts/notify';
import { notifyUndo } from '../../../ui/toasts/undo-toast';
import { goalsApi } from '../../goals-api';
import { queryKeys } from '../../query-keys';
import type { Goal } from '../../types';
import { failureText, GOAL_TOASTS } from './goal-copy';

export interface DeleteGoalVariables {
  goal: Goal;
  /** Delete its tasks too; otherwise they stay, unlinked. */
  deleteTasks?: boolean;
}

export const deleteGoalKey = [...queryKeys.goals.all, 'delete'] as const;

export const deleteGoalOnServer = ({ goal, deleteTasks }: DeleteGoalVariables) =>
  goalsApi.remove(goal.id, { deleteTasks }).then((answer) => answer.goal);

/**
 * Deletes a goal (softly, on the server) with an "Undo" toast that restores
 * it. Failures are toasted; nothing changes then.
 */
export function useDeleteGoal() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.workData });
  const restore = async (goal: Goal) => {
    try {
      const { goal: restored } = await goalsApi.restore(goal.id);
      client.setQueryData(queryKeys.goals.detail(restored.id), restored);
      notify.success(GOAL_TOASTS.restored);
      await refresh();
    } catch (error) {
      notify.error(failureText(error, GOAL_TOASTS.undoFailed));
    }
  };
  return useMutation({
    mutationKey: deleteGoalKey,
    mutationFn: deleteGoalOnServer,
    onSuccess: (_deleted, { goal }) => {
      client.removeQueries({ queryKey: queryKeys.goals.detail(goal.id), exact: true });
      notifyUndo(GOAL_TOASTS.deleted, () => void restore(goal));
      return refresh();
    },
    onError: (error) => notify.error(failureText(error, GOAL_TOASTS.deleteFailed)),
  });
}
