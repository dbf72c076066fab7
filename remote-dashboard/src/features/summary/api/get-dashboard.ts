import { type DashboardSummary, dashboardApi, queryKeys } from '@stride/shared';
import { API_PATHS } from '@stride/shared/paths';
import type { ServerRead } from '@stride/shared/server-page';
import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET /dashboard/ through the one shared QueryClient. The key sits under
 * `queryKeys.workData`, which every goal and task write invalidates, so the
 * counts, progress and chart follow changes made in Goals and Tasks.
 */
export const dashboardQuery = () =>
  queryOptions<DashboardSummary>({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => dashboardApi.get(signal),
  });

export function useDashboard() {
  return useQuery(dashboardQuery());
}

/** The page's first read, for its HTML rendered with the user's data (server/render.tsx). */
export const dashboardRead: ServerRead = {
  path: API_PATHS.dashboard,
  queryKey: queryKeys.dashboard,
};
