// The tasks page as HTML (docs/architecture.md §2, "Pages as HTML"):
// - rendered when the remote is built, as its first render draws it while
//   the session is checked, with no data yet (each list its skeleton);
// - and, per request, with the user's data ("Pages with data"): the host's
//   server fetches the page's first reads with the request's cookies and
//   runs this release's bundle to render the page from their answers, so a
//   phone shows the user's tasks with the first bytes, not after the app.
// The server sends either only to a session the route guard lets through.
import { paths, taskListKey } from '@stride/shared';
import { isJsonObject } from '@stride/shared/releases';
import type { RenderPageWithData } from '@stride/shared/server-html';
import {
  asFirstPage,
  itemsOf,
  renderPageHtml,
  renderPageWithAnswers,
  type ServerRead,
} from '@stride/shared/server-page';
import { viewsQueryKey } from '../features/filters/views-data';
import { goalOptionsKey } from '../features/goals/use-goal-options';
import { labelsQueryKey } from '../features/labels/labels-data';
import { readView, toListFilters } from '../features/tasks/task-filters';
import firstRequests from '../pages/first-requests.json';
import TasksPage from '../pages/TasksPage';

export async function renderServerHtml(): Promise<Record<string, string>> {
  return { 'TasksPage.html': renderPageHtml(<TasksPage />, paths.tasks) };
}

/**
 * Each first read's query and what that query keeps of its answer, as its
 * own `queryFn` makes it (here, not beside the queries: the browser's bundle
 * has no use for it). The page's default view: the server renders a request
 * without a query string only.
 */
const QUERIES: Record<string, Omit<ServerRead, 'path'>> = {
  '/tasks/': {
    queryKey: taskListKey(toListFilters(readView(new URLSearchParams()))),
    data: asFirstPage,
  },
  // The pickers hold every goal: an answer with more pages to fetch cannot make the list.
  '/goals/': {
    queryKey: goalOptionsKey,
    data: (answer) =>
      isJsonObject(answer) && answer.next_cursor == null ? itemsOf(answer) : undefined,
  },
  '/labels/': { queryKey: labelsQueryKey, data: itemsOf },
  '/views/': { queryKey: viewsQueryKey, data: itemsOf },
};

/** The reads this release names (first-requests.json), each with its query. */
const tasksPageReads: ServerRead[] = firstRequests.TasksPage.map((path) => {
  const query = QUERIES[new URL(path, 'http://stride.invalid').pathname];
  if (!query) throw new Error(`No query keeps the answer to ${path}`);
  return { path, ...query };
});

export const renderPageWithData: RenderPageWithData = (page, answers) =>
  page === 'TasksPage'
    ? renderPageWithAnswers(<TasksPage />, paths.tasks, tasksPageReads, answers)
    : null;
