/**
 * The one list of routes. The host's router, the guard and every remote link
 * use it, so a renamed path cannot leave a dead link behind.
 */
export const paths = {
  root: '/',
  login: '/login',
  authCallback: '/auth/callback',
  authSuccess: '/auth/success',
  authError: '/auth/error',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  goals: '/goals',
  tasks: '/tasks',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * API paths (under the runtime config's `apiBase`) that something besides
 * the API client requests: the host's boot preloads the session check
 * before the client has loaded (docs/architecture.md §2, "First load").
 */
export const API_PATHS = { authStatus: '/auth/status/', dashboard: '/dashboard/' } as const;

/** Builds an href with an optional query string, skipping empty values. */
export function getHref(path: AppPath, query?: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The Tasks page's curated views (`/tasks?view=today`); without one it shows every task. */
export const TASK_VIEWS = ['today', 'upcoming'] as const;
export type TaskViewName = (typeof TASK_VIEWS)[number];

/** The Tasks page showing one of its views, for links from anywhere (the dashboard's cards). */
export const taskViewHref = (view: TaskViewName) => getHref(paths.tasks, { view });

/** The query key that asks a page to start a new item (the command palette's "New task"). */
export const NEW_ITEM_PARAM = 'new';

/** A page asked to start a new item at once: `/tasks?new=1`. */
export const newItemHref = (path: AppPath) => getHref(path, { [NEW_ITEM_PARAM]: '1' });

/**
 * The dashboard's data section, by what the visitor came to do: the palette's
 * "Export" and "Import" land on `/dashboard#export` and `/dashboard#import`,
 * where the matching control takes the focus.
 */
export const DATA_ACTIONS = ['export', 'import'] as const;
export type DataAction = (typeof DATA_ACTIONS)[number];
export const dataActionHref = (action: DataAction) => `${paths.dashboard}#${action}`;
