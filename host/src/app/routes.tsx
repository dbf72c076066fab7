import { paths } from '@stride/shared';
import type { ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly } from '../guard/GuestOnly';
import { RequireAuth } from '../guard/RequireAuth';
import { NAV_ITEMS } from '../navigation/nav-items';
import { RemoteRoute } from '../remotes/RemoteRoute';
import type { RemotePageRef } from '../remotes/remote-loader';
import type { RoutePage } from '../remotes/route-pages';
import { AppShell } from './AppShell';

/** What a route's handle says: the remote page it shows (boot preloads it). */
interface PageHandle {
  page: RemotePageRef;
}

const authPage = (page: RoutePage<'remote_auth'>): RemotePageRef => ({
  remote: 'remote_auth',
  page,
});

/** A route showing a remote page, optionally inside a guard. */
function remoteRoute(ref: RemotePageRef, guard = (page: ReactNode) => page) {
  const handle: PageHandle = { page: ref };
  return { handle, element: guard(<RemoteRoute {...ref} />) };
}

/** A redirect to the dashboard, whose handle names the page it ends on. */
function toDashboard() {
  const dashboard = NAV_ITEMS.find((item) => item.to === paths.dashboard);
  const handle: PageHandle | undefined = dashboard && { page: dashboard };
  return { handle, element: <Navigate to={paths.dashboard} replace /> };
}

/** The routes of docs/product.md §2, in one place. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      {
        path: paths.login,
        ...remoteRoute(authPage('LoginPage'), (page) => <GuestOnly>{page}</GuestOnly>),
      },
      { path: paths.authCallback, ...remoteRoute(authPage('AuthCallbackPage')) },
      { path: paths.authSuccess, ...remoteRoute(authPage('AuthSuccessPage')) },
      { path: paths.authError, ...remoteRoute(authPage('AuthErrorPage')) },
      {
        path: paths.onboarding,
        ...remoteRoute(authPage('OnboardingPage'), (page) => (
          <RequireAuth skipOnboardingCheck>{page}</RequireAuth>
        )),
      },
      {
        path: paths.root,
        element: <RequireAuth />,
        children: [
          { index: true, ...toDashboard() },
          ...NAV_ITEMS.map((item) => ({ path: item.to, ...remoteRoute(item) })),
        ],
      },
      { path: '*', ...toDashboard() },
    ],
  },
];

/**
 * The remote page a path shows, so boot can fetch its code while the guard
 * is still asking the API who is signed in.
 */
export function remotePageAt(pathname: string): RemotePageRef | undefined {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as PageHandle | undefined;
  return handle?.page;
}
