// The /views/ calls, for the Tasks page's hooks (views-data.ts) and the
// palette's saved views (src/commands.ts), which loads without React Query.
import { apiRequest } from '@stride/shared';
import type { TaskView as SavedView, TaskViewInput } from '@stride/shared/contract';

export const viewsApi = {
  list: (signal?: AbortSignal) => apiRequest<{ items: SavedView[] }>('/views/', { signal }),
  create: (input: TaskViewInput) =>
    apiRequest<{ view: SavedView }>('/views/', { method: 'POST', body: input }),
  remove: (id: string) => apiRequest<unknown>(`/views/${id}/`, { method: 'DELETE' }),
};
