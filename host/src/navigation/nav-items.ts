// The main pages, read by the routes, the top bar, the palette and the
// warm-up: in navigation/, below all four, so none of them imports another's
// folder for it (docs/architecture.md §10).
import { paths } from '@stride/shared';
import type { RemotePageRef } from '../remotes/remote-loader';
import { PAGE_AT, type PagePath } from '../route-table/route-table';

const navItem = (label: string, to: PagePath) => ({ label, to, ...PAGE_AT[to] });

/** The main pages: top-bar buttons, their routes and the remote page behind each. */
export const NAV_ITEMS: readonly ({ label: string; to: PagePath } & RemotePageRef)[] = [
  navItem('Dashboard', paths.dashboard),
  navItem('Goals', paths.goals),
  navItem('Tasks', paths.tasks),
];
