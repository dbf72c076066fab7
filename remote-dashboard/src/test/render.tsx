import { resetAuthStore, type User, useAuthStore } from '@stride/shared';
import { testUser } from '@stride/shared/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

/**
 * Renders `element` at /dashboard the way the host does: under a router and
 * a QueryClientProvider (a fresh client per test, no retries), with the auth
 * store signed in. Every other path renders its own URL, so links and
 * redirects show in the DOM.
 */
export function renderDashboard(element: ReactElement, user: User | null = testUser) {
  resetAuthStore();
  useAuthStore.setState({ user });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Number.POSITIVE_INFINITY } },
  });
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element },
      { path: '*', element: <OtherPath /> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const utils = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...utils, router, client };
}

function OtherPath() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

export { testUser };
