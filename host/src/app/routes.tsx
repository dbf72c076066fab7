import { paths } from '@stride/shared';
import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { GuestOnly } from '../guard/GuestOnly';
import { RequireAuth } from '../guard/RequireAuth';
import { NAV_ITEMS } from '../navigation/nav-items';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { HOME_PATH, PAGE_AT, type PagePath } from '../route-table/route-table';
import { AppShell } from './AppShell';

/** A route showing the remote page the table names for its path, optionally inside a guard. */
function pageRoute(path: PagePath, guard = (page: ReactNode) => page): RouteObject {
  return { path, element: guard(<RemoteRoute {...PAGE_AT[path]} />) };
}

/** `/` and unknown paths: to the dashboard (route-table.ts's remotePageAt says the same). */
const toHome = () => ({ element: <Navigate to={HOME_PATH} replace /> });

/** The routes of docs/product.md §2, in one place. */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    children: [
      pageRoute(paths.login, (page) => <GuestOnly>{page}</GuestOnly>),
      pageRoute(paths.authCallback),
      pageRoute(paths.authSuccess),
      pageRoute(paths.authError),
      pageRoute(paths.onboarding, (page) => <RequireAuth skipOnboardingCheck>{page}</RequireAuth>),
      {
        path: paths.root,
        element: <RequireAuth />,
        children: [{ index: true, ...toHome() }, ...NAV_ITEMS.map((item) => pageRoute(item.to))],
      },
      { path: '*', ...toHome() },
    ],
  },
];
