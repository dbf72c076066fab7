import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/api-error';

/** How long an answer counts as fresh: a page mounted within it does not ask again. */
export const QUERY_FRESH_MS = 30_000;

/**
 * The one QueryClient. @stride/shared is a federation singleton, so the host
 * and every remote read and write the same cache: a task completed in Tasks
 * shows in its goal's progress and on the dashboard without a reload.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_FRESH_MS,
      // A 4xx will not get better by asking again; a blip (network, 503) may.
      retry: (failures, error) =>
        failures < 2 && !(isApiError(error) && error.status !== undefined && error.status < 500),
      refetchOnWindowFocus: true,
    },
    mutations: { retry: false },
  },
});
