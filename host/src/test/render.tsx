import type { User } from '@stride/shared';
import { renderApp, testUser } from '@stride/shared/testing';
import type { ReactElement } from 'react';

/** `routes` at `path`, with the auth store set (shared renderApp). */
export function renderAt(
  path: string,
  routes: { path: string; element: ReactElement }[],
  auth: { user?: User | null; loading?: boolean } = {},
) {
  return renderApp(routes, { at: path, user: auth.user ?? null, loading: auth.loading ?? false });
}

export { testUser };
