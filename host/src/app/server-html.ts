import { logError, notePageReads } from '@stride/shared';
import { EARLY_CLICKS, SERVER_HTML, serverPageKey } from '@stride/shared/server-html';
import { type DehydratedState, hydrate, type QueryClient } from '@tanstack/react-query';
import { remotePageAt } from '../route-table/route-table';

/**
 * Whether the root holds the server's HTML of the page this browser is
 * about to render (docs/architecture.md §2, "Pages as HTML"):
 * the page at this path, of the remote build this browser resolved to.
 * Only then is it hydrated; any other HTML (a tester's override, a
 * document that changed in between) is dropped and the page rendered.
 */
export function holdsServerPage(
  root: HTMLElement,
  pathname: string,
  remotes: Readonly<Record<string, string>>,
): boolean {
  const key = root.getAttribute(SERVER_HTML.rootAttribute);
  if (!key) return false;
  const { remote, page } = remotePageAt(pathname);
  const manifest = remotes[remote];
  return manifest !== undefined && key === serverPageKey(manifest, page);
}

/**
 * Presses again the button a person pressed on the server's HTML before
 * the app had taken it over (held by the after-paint boot script,
 * boot-preload.ts): called once the first page is hydrated, so the press
 * reaches the page's own handler instead of being lost.
 */
export function replayEarlyClick(target: Window = window): void {
  const take = (target as unknown as Record<string, unknown>)[EARLY_CLICKS];
  if (typeof take !== 'function') return;
  const button: unknown = take();
  if (button instanceof HTMLButtonElement && button.isConnected) button.click();
}

/**
 * The path of the signed-in page the root holds as server HTML, which the
 * route guard shows while it checks the session (HeldServerPage); null for
 * a guest page (/login) or none.
 */
export function heldSignedInPage(root: HTMLElement, pathname: string): string | null {
  return root.hasAttribute(SERVER_HTML.signedInAttribute) ? pathname : null;
}

/**
 * Once the app has taken the page over: the root no longer holds the
 * server's HTML, and says so (what tests wait for before they act).
 */
export function releaseServerPage(root: HTMLElement): void {
  root.removeAttribute(SERVER_HTML.rootAttribute);
  root.removeAttribute(SERVER_HTML.signedInAttribute);
}

/**
 * Puts the query cache the server rendered the page from (its JSON script,
 * composeServerPage) into `client`, before the page hydrates, so its first
 * render draws the same data (docs/architecture.md §2, "Pages with data"),
 * and the data version it holds for live sync's catch-up (page-reads.ts).
 * The script goes once read. False when the HTML carried none, or it could
 * not be read (then the page asks the API as usual).
 */
export function takeServerPageData(client: QueryClient, doc: Document = document): boolean {
  const script = doc.getElementById(SERVER_HTML.pageDataId);
  if (!script) return false;
  script.remove();
  try {
    const state = JSON.parse(script.textContent ?? '') as DehydratedState;
    hydrate(client, state);
    // What live sync's first catch-up need not read again (page-reads.ts).
    const version = script.getAttribute(SERVER_HTML.pageDataVersionAttribute);
    if (version !== null) notePageReads(client, state.queries ?? [], Number(version));
    return true;
  } catch (error) {
    logError("The page's data in its HTML could not be read", error);
    return false;
  }
}
