// The host's shell as HTML, rendered when the host is built
// (docs/architecture.md §2, "The sign-in page as HTML"): for each path whose
// page a remote may send as HTML, the shell signed out, with the slot where
// the server puts that page, and routes.json saying which page goes there.
import { paths } from '@stride/shared';
import { SERVER_HTML, type ServerRoute } from '@stride/shared/server-html';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/App';
import { routes } from '../app/routes';
import { ServerPageSlot } from '../remotes/server-page-slot';
import { PAGE_AT } from '../route-table/route-table';

/**
 * The guest pages sent as HTML. Only /login: the sign-in result pages
 * complete a sign-in in their first effect, which then races the app's own
 * session check at boot (seen in CI: a callback that never moved on), and
 * the error page reads its query string.
 */
export const SERVER_RENDERED_PATHS = [paths.login] as const;

const SLOT = <template data-stride-page="" />;

async function renderShell(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`server HTML: ${path} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders>
      <ServerPageSlot.Provider value={SLOT}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ServerPageSlot.Provider>
    </AppProviders>,
  );
}

export async function renderServerHtml(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const table: Record<string, ServerRoute> = {};
  for (const path of SERVER_RENDERED_PATHS) {
    const shell = `shell${path.replaceAll('/', '-')}.html`;
    files[shell] = await renderShell(path);
    table[path] = { ...PAGE_AT[path], shell };
  }
  files[SERVER_HTML.routes] = JSON.stringify(table);
  return files;
}
