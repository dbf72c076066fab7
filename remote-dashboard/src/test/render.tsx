import type { User } from '@stride/shared';
import { renderApp, testUser } from '@stride/shared/testing';
import type { ReactElement } from 'react';

/** `element` at /dashboard, signed in, as the host renders it (shared renderApp). */
export function renderDashboard(element: ReactElement, user: User | null = testUser) {
  return renderApp([{ path: '/dashboard', element }], { at: '/dashboard', user });
}

export { testUser };
