import { apiRequest } from '../api/client';
import { toQueryString } from './query-string';
import type { Goal, GoalFilters, GoalInput, GoalPatch, Page } from './types';

/** The goal calls: `{api}/goals/…`. Writes answer with the goal as stored. */
export const goalsApi = {
  list: (filters: GoalFilters = {}, signal?: AbortSignal) =>
    apiRequest<Page<Goal>>(`/goals/${toQueryString(filters)}`, { signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<{ goal: Goal }>(`/goals/${id}/`, { signal }),
  create: (input: GoalInput) =>
    apiRequest<{ goal: Goal }>('/goals/', { method: 'POST', body: input }),
  /** A stale `version` answers 409 with the current goal (see `versionConflict`). */
  update: (id: string, patch: GoalPatch) =>
    apiRequest<{ goal: Goal }>(`/goals/${id}/`, { method: 'PATCH', body: patch }),
  /** Soft delete, undone by `restore`. Tasks stay (unlinked) unless `deleteTasks`. */
  remove: (id: string, options: { deleteTasks?: boolean } = {}) =>
    apiRequest<{ goal: Goal }>(
      `/goals/${id}/${toQueryString({ delete_tasks: options.deleteTasks ? 'true' : undefined })}`,
      { method: 'DELETE' },
    ),
  restore: (id: string) => apiRequest<{ goal: Goal }>(`/goals/${id}/restore/`, { method: 'POST' }),
};
