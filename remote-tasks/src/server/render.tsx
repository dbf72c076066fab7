// The tasks page as HTML, rendered when the remote is built
// (docs/architecture.md §2, "Pages as HTML"): as its first render draws it
// while the session is checked, with no data yet (each list its skeleton).
// The server sends it only to a session the route guard lets through.
import { paths } from '@stride/shared';
import { renderPageHtml } from '@stride/shared/server-page';
import TasksPage from '../pages/TasksPage';

export async function renderServerHtml(): Promise<Record<string, string>> {
  return { 'TasksPage.html': renderPageHtml(<TasksPage />, paths.tasks) };
}
