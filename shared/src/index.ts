/**
 * @stride/shared: the federation singleton. Everything here exists once per
 * page, however many remotes import it. Import it by package name only.
 *
 * Every export is a promise to every remote released against it (a remote
 * built today may run beside tomorrow's host), so the list is deliberate: an
 * export is added when a remote or the host needs it, never "in case"
 * (docs/decisions.md, "The shared surface").
 */

export { fieldErrorsFrom, isApiError, unreachableText } from './api/api-error';
export { apiRequest } from './api/client';
export { startEarlyAnswers } from './api/early-answers';
export { fetchHealth } from './api/health-api';
export { browserOffline } from './api/online';
export { type AuthState, resetAuthStore, useAuthStore } from './auth/auth-store';
export { topBarDisplayName } from './auth/display-name';
export { USERNAME_RULE, validatePersonName, validateUsername } from './auth/profile-rules';
export { startSessionCheck } from './auth/session-check';
export type { CommandContext, CommandSource, PaletteCommand } from './commands';
export {
  getRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
} from './config/runtime-config';
export * from './constants';
export { clearDataWhenUserChanges } from './data/clear-on-user-change';
export { dashboardApi } from './data/dashboard-api';
export { goalsApi } from './data/goals-api';
export {
  goalListKey,
  useCreateGoal,
  useDeleteGoal,
  useGoal,
  useGoalStatus,
  useGoals,
  useUpdateGoal,
} from './data/hooks/goals';
export {
  createTaskKey,
  TASK_COPY,
  type TaskListFilters,
  taskErrorReason,
  taskListKey,
  useAgenda,
  useCreateTask,
  useDeleteTask,
  useDoneTick,
  useTasks,
  useUpdateTask,
} from './data/hooks/tasks';
export { mergeEdit } from './data/merge-edit';
export { registerOfflineWrites, sendRestoredWrites } from './data/offline-writes';
export { queryClient } from './data/query-client';
export { queryKeys } from './data/query-keys';
export type * from './data/types';
export { type MergeConflict, useMergeSave } from './data/use-merge-save';
export { versionConflict } from './data/version-conflict';
export { provideSlot, type SlotName, type SlotProps, slotPart } from './federation/slots';
export { LIMITS } from './limits';
export { logError } from './logger';
export { COPY, MESSAGES } from './messages';
export {
  DATA_ACTIONS,
  type DataAction,
  dataActionHref,
  getHref,
  NEW_ITEM_PARAM,
  newItemHref,
  paths,
  TASK_VIEWS,
  type TaskViewName,
  taskViewHref,
} from './paths';
export { Link, Navigate, useLocation, useNavigate, useSearchParams } from './routing/router';
export { useNewItemRequest } from './routing/use-new-item-request';
export { startLiveSync } from './sync/live-sync';
export { notePageReads } from './sync/page-reads';
export type { RemoteName } from './topology';
export type * from './types';
export * from './ui/components';
export {
  type DeferredModule,
  deferredModule,
  markPageShown,
  whenPageShown,
  whenSettled,
} from './ui/deferred-module';
export { resolverFrom, rule, showServerErrors } from './ui/forms';
export { notify } from './ui/toasts/notify';
export { Toasts } from './ui/toasts/Toasts';
export { useDisplayName } from './ui/use-display-name';
