import { queryClient } from '@stride/shared';
import { renderApp } from '@stride/shared/testing';
import { act, cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import GoalsPage from '../pages/GoalsPage';

/**
 * The Goals page at `url` as the host renders it (shared renderApp), with the
 * one shared QueryClient: the goal hooks write to it directly.
 */
export function renderGoalsPage(url = '/goals') {
  // Failed loads show their error at once in tests instead of after the retry back-off.
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  });
  return renderApp([{ path: '/goals', element: <GoalsPage /> }], {
    at: url,
    client: queryClient,
  });
}

export function resetPage() {
  cleanup();
  act(() => toast.remove());
  queryClient.clear();
}

/** "?status=completed&goal=g1" of the router's current address. */
export const searchOf = (router: ReturnType<typeof renderGoalsPage>['router']) =>
  router.state.location.search;
