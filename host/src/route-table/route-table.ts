// Which remote page each path shows: the router builds its routes from this
// table (app/routes.tsx), the top bar its buttons (navigation/nav-items.ts),
// and the entry reads it before the async boundary to start the first
// page's files (releases/first-page-preload.ts). So it imports no shared
// singleton, only @stride/shared's plain subpaths, which the host bundles
// itself (docs/architecture.md §2), and no other folder of the host (§10).
import { paths } from '@stride/shared/paths';
import type { RemoteName } from '@stride/shared/topology';
import { withoutTrailingSlashes } from '@stride/shared/url';

/**
 * The remote page behind each path (docs/product.md §2). Checked against the
 * pages the host may load (remotes/route-pages.ts) where the routes use it.
 */
export const PAGE_AT = {
  [paths.login]: { remote: 'remote_auth', page: 'LoginPage' },
  [paths.authCallback]: { remote: 'remote_auth', page: 'AuthCallbackPage' },
  [paths.authSuccess]: { remote: 'remote_auth', page: 'AuthSuccessPage' },
  [paths.authError]: { remote: 'remote_auth', page: 'AuthErrorPage' },
  [paths.onboarding]: { remote: 'remote_auth', page: 'OnboardingPage' },
  [paths.dashboard]: { remote: 'remote_dashboard', page: 'DashboardPage' },
  [paths.goals]: { remote: 'remote_goals', page: 'GoalsPage' },
  [paths.tasks]: { remote: 'remote_tasks', page: 'TasksPage' },
} as const satisfies Record<string, { remote: RemoteName; page: string }>;

export type PagePath = keyof typeof PAGE_AT;
export type TablePage = (typeof PAGE_AT)[PagePath];

/** Where `/` and every unknown path redirect. */
export const HOME_PATH = paths.dashboard;

// Own keys only: `'constructor' in PAGE_AT` is true.
const isPagePath = (path: string): path is PagePath => Object.keys(PAGE_AT).includes(path);

/**
 * The remote page a path ends on, matched as the router matches it: case
 * aside, a trailing slash ignored; any other path redirects home.
 */
export function remotePageAt(pathname: string): TablePage {
  const path = withoutTrailingSlashes(pathname.toLowerCase());
  return PAGE_AT[isPagePath(path) ? path : HOME_PATH];
}
