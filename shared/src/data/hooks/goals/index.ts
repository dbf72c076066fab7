/** Goal queries and writes on the one shared QueryClient; every write refreshes `workData`. */
export { failureText, GOAL_TOASTS } from './goal-copy';
export { useCreateGoal } from './use-create-goal';
export { type DeleteGoalVariables, useDeleteGoal } from './use-delete-goal';
export { useGoal } from './use-goal';
export { patchGoalStatus, useGoalStatus } from './use-goal-status';
export { goalListKey, useGoals } from './use-goals';
export { type UpdateGoalVariables, useUpdateGoal } from './use-update-goal';
