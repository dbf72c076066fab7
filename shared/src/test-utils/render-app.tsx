import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { resetAuthStore, useAuthStore } from '../auth/auth-store';
import type { User } from '../types';
import { Toasts } from '../ui/toasts/Toasts';

export interface RenderAppOptions {
  /** Where the router starts (path and query). */
  at: string;
  /** Who is signed in (default: nobody), and whether the auth check is still running. */
  user?: User | null;
  loading?: boolean;
  /** The QueryClient to render with; default a fresh one with no retries. */
  client?: QueryClient;
  /** Under React's StrictMode, to prove effects survive running twice. */
  strict?: boolean;
}

/** Every path no route claims renders its own address, so redirects and links show in the DOM. */
function OtherPath() {
  const location = useLocation();
  return <p>{`at ${location.pathname}${location.search}`}</p>;
}

/** A QueryClient for one test: failures show at once instead of after retries. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/**
 * The one way a test in any package renders UI as the host would: the auth
 * store set, a memory router at `at` over `routes`, a QueryClientProvider and
 * the one toast region.
 */
export function renderApp(
  routes: { path: string; element: ReactElement }[],
  {
    at,
    user = null,
    loading = false,
    client = testQueryClient(),
    strict = false,
  }: RenderAppOptions,
) {
  resetAuthStore();
  useAuthStore.setState({ user, loading });
  const router = createMemoryRouter([...routes, { path: '*', element: <OtherPath /> }], {
    initialEntries: [at],
  });
  const app = (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toasts />
    </QueryClientProvider>
  );
  const utils = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...utils, router, client };
}
