import { resetAuthStore, type User, useAuthStore } from '@stride/shared';
import { testUser } from '@stride/shared/testing';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/**
 * Renders under a memory router with the auth store set, and every other
 * path rendering its own name, so a redirect is visible in the DOM.
 */
export function renderAt(
  path: string,
  routes: { path: string; element: ReactElement }[],
  auth: { user?: User | null; loading?: boolean } = {},
) {
  resetAuthStore();
  useAuthStore.setState({ user: auth.user ?? null, loading: auth.loading ?? false });
  const router = createMemoryRouter([...routes, { path: '*', element: <p>at:{'<other>'}</p> }], {
    initialEntries: [path],
  });
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router };
}

export { testUser };
