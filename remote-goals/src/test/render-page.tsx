import { queryClient } from '@stride/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import GoalsPage from '../pages/GoalsPage';

/** The Goals page at `url` with the one shared QueryClient and a Toaster, as the host renders it. */
export function renderGoalsPage(url = '/goals') {
  // Failed loads show their error at once in tests instead of after the retry back-off.
  queryClient.setDefaultOptions({
    queries: { retry: false, staleTime: 30_000 },
    mutations: { retry: false },
  });
  const router = createMemoryRouter([{ path: '/goals', element: <GoalsPage /> }], {
    initialEntries: [url],
  });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...utils, router };
}

export function resetPage() {
  cleanup();
  act(() => toast.remove());
  queryClient.clear();
}

/** "?status=completed&goal=g1" of the router's current address. */
export const searchOf = (router: ReturnType<typeof renderGoalsPage>['router']) =>
  router.state.location.search;
