import { type DashboardSummary, dashboardApi, queryKeys } from '@stride/shared';
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
