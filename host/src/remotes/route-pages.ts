import type { RemoteName } from '@stride/shared';

/**
 * Every page the host's routes load, by remote, and the parts it provides
 * to other pages' slots (slots.tsx). A route can only name a page
 * listed here (RemotePageRef is typed from it), so the list is complete by
 * construction; `pnpm release host` records it in release.json, and the
 * release gate refuses a remote release that no longer exposes one of them.
 * Data only: the release tool imports this file outside the browser.
 */
export const ROUTE_PAGES = {
  remote_auth: [
    'LoginPage',
    'AuthCallbackPage',
    'AuthSuccessPage',
    'AuthErrorPage',
    'OnboardingPage',
  ],
  remote_dashboard: ['DashboardPage'],
  remote_goals: ['GoalsPage'],
  remote_tasks: ['TasksPage', 'GoalTaskList'],
} as const satisfies Record<RemoteName, readonly string[]>;

export type RoutePage<R extends RemoteName> = (typeof ROUTE_PAGES)[R][number];
