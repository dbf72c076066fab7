// The goals page as HTML (docs/architecture.md §2, "Pages as HTML"):
// - rendered when the remote is built, as its first render draws it while
//   the session is checked, with no data yet (each list its skeleton);
// - and, per request, with the user's data ("Pages with data"): the host's
//   server fetches the page's first read with the request's cookies and
//   runs this release's bundle to render the page from its answer.
// The server sends either only to a session the route guard lets through.
import { goalListKey, paths } from '@stride/shared';
import type { RenderPageWithData } from '@stride/shared/server-html';
import {
  asFirstPage,
  renderPageHtml,
  renderPageWithAnswers,
  type ServerRead,
} from '@stride/shared/server-page';
import { tabFromSearch } from '../features/goal-list/goal-tabs';
import firstRequests from '../pages/first-requests.json';
import GoalsPage from '../pages/GoalsPage';

export async function renderServerHtml(): Promise<Record<string, string>> {
  return { 'GoalsPage.html': renderPageHtml(<GoalsPage />, paths.goals) };
}

/**
 * The page's one first read (first-requests.json): the default tab's list,
 * kept by its infinite query as its first page. Here, not beside the query:
 * the browser's bundle has no use for it.
 */
const [listPath] = firstRequests.GoalsPage;
if (!listPath) throw new Error('The goals page names no first read');
const goalsPageReads: ServerRead[] = [
  { path: listPath, queryKey: goalListKey({ status: tabFromSearch(null) }), data: asFirstPage },
];

export const renderPageWithData: RenderPageWithData = (page, answers) =>
  page === 'GoalsPage'
    ? renderPageWithAnswers(<GoalsPage />, paths.goals, goalsPageReads, answers)
    : null;
