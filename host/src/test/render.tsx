import { resetAuthStore, type User, useAuthStore } from '@stride/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

export const testUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  profile_picture: null,
  onboarding_completed: true,
};

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
