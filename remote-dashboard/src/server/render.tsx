// The dashboard page as HTML (docs/architecture.md §2, "Pages as HTML"):
// - rendered when the remote is built, as its first render draws it while
//   the session is checked, with no data yet (each list its skeleton);
// - and, per request, with the user's data ("Pages with data"): the host's
//   server fetches the page's first reads with the request's cookies and
//   runs this release's bundle to render the page from their answers.
// The server sends either only to a session the route guard lets through.
import { paths } from '@stride/shared';
import { API_PATHS } from '@stride/shared/paths';
import type { RenderPageWithData } from '@stride/shared/server-html';
import { renderPageHtml, renderPageWithAnswers, type ServerRead } from '@stride/shared/server-page';
import { dashboardQuery } from '../features/summary/api/get-dashboard';
import DashboardPage from '../pages/DashboardPage';

export async function renderServerHtml(): Promise<Record<string, string>> {
  return { 'DashboardPage.html': renderPageHtml(<DashboardPage />, paths.dashboard) };
}

/**
 * The page's first read and the query that keeps its answer (the key from
 * the query itself). Here, not beside the query: the browser's bundle has
 * no use for it.
 */
const dashboardRead: ServerRead = {
  path: API_PATHS.dashboard,
  queryKey: dashboardQuery().queryKey,
};

export const renderPageWithData: RenderPageWithData = (page, answers) =>
  page === 'DashboardPage'
    ? renderPageWithAnswers(<DashboardPage />, paths.dashboard, [dashboardRead], answers)
    : null;
