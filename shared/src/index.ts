/**
 * @stride/shared: the federation singleton. Everything here exists once per
 * page, however many remotes import it. Import it by package name only.
 */

export type { ApiErrorKind } from './api/api-error';
export { ApiError, isApiError, serverErrorText } from './api/api-error';
export { authApi } from './api/auth-api';
export type { RequestOptions } from './api/client';
export { apiRequest } from './api/client';
export { fetchHealth } from './api/health-api';
export type { AuthState } from './auth/auth-store';
export { resetAuthStore, useAuthStore } from './auth/auth-store';
export { avatarInitials, statusDisplayName, topBarDisplayName } from './auth/display-name';
export {
  NAME_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_RULE,
  validatePersonName,
  validateUsername,
} from './auth/profile-rules';
export { startSessionCheck } from './auth/session-check';
export {
  getRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
} from './config/runtime-config';
export * from './constants';
export { clearDataWhenUserChanges } from './data/clear-on-user-change';
export { dashboardApi } from './data/dashboard-api';
export { goalsApi } from './data/goals-api';
export * from './data/hooks/goals';
export * from './data/hooks/tasks';
export { queryClient } from './data/query-client';
export { queryKeys } from './data/query-keys';
export { tasksApi } from './data/tasks-api';
export type * from './data/types';
export { LIMITS } from './data/types';
export { versionConflict } from './data/version-conflict';
export type { RemoteName } from './federation/apps';
export { REMOTES } from './federation/apps';
export { logError } from './logger';
export type { MessageKey } from './messages';
export { COPY, MESSAGES } from './messages';
export type { AppPath } from './paths';
export { getHref, paths } from './paths';
export type * from './types';
export * from './ui/components';
export { notify } from './ui/notify';
export { notifyUndo } from './ui/undo-toast';
export { useDisplayName } from './ui/use-display-name';
