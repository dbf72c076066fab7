import { apiRequest } from '../api/client';
import { toQueryString } from './query-string';
import type { Agenda, Page, Task, TaskFilters, TaskInput, TaskPatch } from './types';

/** The task calls: `{api}/tasks/…`. Writes answer with the task as stored. */
export const tasksApi = {
  list: (filters: TaskFilters = {}, signal?: AbortSignal) =>
    apiRequest<Page<Task>>(`/tasks/${toQueryString(filters)}`, { signal }),
  /** The Upcoming view: the next 14 days, repeating tasks' later days included. */
  agenda: (signal?: AbortSignal) => apiRequest<Agenda>('/tasks/agenda/', { signal }),
  get: (id: string, signal?: AbortSignal) =>
    apiRequest<{ task: Task }>(`/tasks/${id}/`, { signal }),
  create: (input: TaskInput) =>
    apiRequest<{ task: Task }>('/tasks/', { method: 'POST', body: input }),
  /** A stale `version` answers 409 with the current task (see `versionConflict`). */
  update: (id: string, patch: TaskPatch) =>
    apiRequest<{ task: Task }>(`/tasks/${id}/`, { method: 'PATCH', body: patch }),
  /** Soft delete, undone by `restore`. */
  remove: (id: string) => apiRequest<{ task: Task }>(`/tasks/${id}/`, { method: 'DELETE' }),
  restore: (id: string) => apiRequest<{ task: Task }>(`/tasks/${id}/restore/`, { method: 'POST' }),
};
