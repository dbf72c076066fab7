// The main pages, read by the routes, the top bar, the palette and the
// warm-up: in navigation/, below all four, so none of them imports another's
// folder for it (docs/architecture.md §10).
import { paths } from '@stride/shared';
import type { RemotePageRef } from '../remotes/remote-loader';

/** The main pages: top-bar buttons, their routes and the remote page behind each. */
export const NAV_ITEMS: readonly ({ label: string; to: string } & RemotePageRef)[] = [
  { label: 'Dashboard', to: paths.dashboard, remote: 'remote_dashboard', page: 'DashboardPage' },
  { label: 'Goals', to: paths.goals, remote: 'remote_goals', page: 'GoalsPage' },
  { label: 'Tasks', to: paths.tasks, remote: 'remote_tasks', page: 'TasksPage' },
];
