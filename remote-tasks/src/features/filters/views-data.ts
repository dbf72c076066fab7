// Saved filter views (GET/POST/DELETE /views/): a name and a filter query.
// Under `work`, like the labels, so live sync and every write refetch them.
import { queryKeys } from '@stride/shared';
import type { TaskView as SavedView, TaskViewInput } from '@stride/shared/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { viewsApi } from './views-api';

export type { SavedView };
export const viewsQueryKey = [...queryKeys.workData, 'views'] as const;
// One empty list until the answer comes, so the renders before it pass the same list.
const NO_VIEWS: SavedView[] = [];

/** The user's saved views, by name. */
export function useSavedViews() {
  const query = useQuery({
    queryKey: viewsQueryKey,
    queryFn: ({ signal }) => viewsApi.list(signal).then((answer) => answer.items),
  });
  // Only the list: a spread would read every field of the query, and redraw on each fetch (labels-data.ts).
  return { views: query.data ?? NO_VIEWS };
}

function useViewWrite<A, R>(write: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: () => client.invalidateQueries({ queryKey: viewsQueryKey }),
  });
}

export const useSaveView = () => useViewWrite((input: TaskViewInput) => viewsApi.create(input));
export const useDeleteView = () => useViewWrite((id: string) => viewsApi.remove(id));
