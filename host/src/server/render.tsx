// The host's shell as HTML, rendered when the host is built
// (docs/architecture.md §2, "Pages as HTML"): for each path whose page a
// remote may send as HTML, the shell as hydration draws it there (the
// stores in their initial state: no user; a signed-in page held by the
// guard), with the slot where the server puts that page, and routes.json
// saying which page goes there and to whom.
import { paths } from '@stride/shared';
import { SERVER_HTML, type ServerPageAudience, type ServerRoute } from '@stride/shared/server-html';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/App';
import { routes } from '../app/routes';
import { HeldServerPage } from '../guard/held-server-page';
import { ServerPageSlot } from '../remotes/server-page-slot';
import { PAGE_AT } from '../route-table/route-table';

/**
 * The pages sent as HTML, and who gets each (docs/architecture.md §2,
 * "Pages as HTML"). /login to anyone. Not the sign-in result pages: they
 * complete a sign-in in their first effect, which then races the app's own
 * session check at boot (seen in CI: a callback that never moved on), and
 * the error page reads its query string. The signed-in pages only to the
 * sessions the route guard lets through, and without their data: the
 * shell and the page as they first render while the session is checked
 * (/onboarding: its form's outline, filled once the user is known).
 */
export const SERVER_RENDERED_PATHS: Readonly<Record<string, ServerPageAudience>> = {
  [paths.login]: 'anyone',
  [paths.onboarding]: 'onboarding',
  [paths.dashboard]: 'onboarded',
  [paths.goals]: 'onboarded',
  [paths.tasks]: 'onboarded',
};

const SLOT = <template data-stride-page="" />;

async function renderShell(path: string, audience: ServerPageAudience): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`server HTML: ${path} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders>
      <HeldServerPage.Provider value={audience === 'anyone' ? null : path}>
        <ServerPageSlot.Provider value={SLOT}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </ServerPageSlot.Provider>
      </HeldServerPage.Provider>
    </AppProviders>,
  );
}

export async function renderServerHtml(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const table: Record<string, ServerRoute> = {};
  for (const [path, audience] of Object.entries(SERVER_RENDERED_PATHS)) {
    const shell = `shell${path.replaceAll('/', '-')}.html`;
    files[shell] = await renderShell(path, audience);
    // pageData: this host puts a page's data into its cache before it hydrates (bootstrap.tsx).
    table[path] = { ...PAGE_AT[path as keyof typeof PAGE_AT], shell, audience, pageData: true };
  }
  files[SERVER_HTML.routes] = JSON.stringify(table);
  return files;
}
