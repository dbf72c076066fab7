import { paths } from '@stride/shared';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly } from '../guard/GuestOnly';
import { RequireAuth } from '../guard/RequireAuth';
import { RemoteRoute } from '../remotes/RemoteRoute';
import type { RoutePage } from '../remotes/route-pages';
import { AppShell } from '../shell/AppShell';
import { NAV_ITEMS } from '../top-bar/nav-items';

const auth = (page: RoutePage<'remote_auth'>) => <RemoteRoute remote="remote_auth" page={page} />;

/** The routes of spec §2, in one place. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      { path: paths.login, element: <GuestOnly>{auth('LoginPage')}</GuestOnly> },
      { path: paths.authCallback, element: auth('AuthCallbackPage') },
      { path: paths.authSuccess, element: auth('AuthSuccessPage') },
      { path: paths.authError, element: auth('AuthErrorPage') },
      {
        path: paths.onboarding,
        element: <RequireAuth skipOnboardingCheck>{auth('OnboardingPage')}</RequireAuth>,
      },
      {
        path: paths.root,
        element: <RequireAuth />,
        children: [
          { index: true, element: <Navigate to={paths.dashboard} replace /> },
          ...NAV_ITEMS.map((item) => ({
            path: item.to,
            element: <RemoteRoute {...item} />,
          })),
        ],
      },
      { path: '*', element: <Navigate to={paths.dashboard} replace /> },
    ],
  },
];
