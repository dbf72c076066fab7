import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../ui/toasts/notify';
import { notifyUndo } from '../../../ui/toasts/undo-toast';
import { goalsApi } from '../../goals-api';
import { queryKeys } from '../../query-keys';
import type { Goal, GoalStatus } from '../../types';
import { versionConflict } from '../../version-conflict';
import { failureText, GOAL_TOASTS } from './goal-copy';

/**
 * PATCHes only the status. A stale version cannot lose anything here (no
 * other field is sent), so a 409 is retried once on the current version,
 * unless the goal already has the wanted status.
 */
export async function patchGoalStatus(goal: Goal, status: GoalStatus): Promise<Goal> {
  try {
    return (await goalsApi.update(goal.id, { status, version: goal.version })).goal;
  } catch (error) {
    const current = versionConflict<Goal>(error);
    if (!current) throw error;
    if (current.status === status) return current;
    return (await goalsApi.update(goal.id, { status, version: current.version })).goal;
  }
}

export const goalStatusKey = [...queryKeys.goals.all, 'status'] as const;

export interface GoalStatusVariables {
  goal: Goal;
  status: GoalStatus;
}

export const sendGoalStatus = ({ goal, status }: GoalStatusVariables) =>
  patchGoalStatus(goal, status);

/**
 * Complete, archive or reopen a goal, with an "Undo" toast that puts the
 * previous status back. Failures are toasted; the goal stays as it was.
 */
export function useGoalStatus() {
  const client = useQueryClient();
  const settle = (goal: Goal) => {
    client.setQueryData(queryKeys.goals.detail(goal.id), goal);
    return client.invalidateQueries({ queryKey: queryKeys.workData });
  };
  const undo = async (goal: Goal, previous: GoalStatus) => {
    try {
      await settle(await patchGoalStatus(goal, previous));
    } catch (error) {
      notify.error(failureText(error, GOAL_TOASTS.undoFailed));
    }
  };
  return useMutation({
    mutationKey: goalStatusKey,
    mutationFn: sendGoalStatus,
    onSuccess: (updated, { goal }) => {
      notifyUndo(GOAL_TOASTS.statusChanged[updated.status], () => void undo(updated, goal.status));
      return settle(updated);
    },
    onError: (error) => notify.error(failureText(error, GOAL_TOASTS.statusFailed)),
  });
}
