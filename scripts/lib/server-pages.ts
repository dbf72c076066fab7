// The sign-in page as HTML (docs/architecture.md §2): the server that sends
// the host's HTML puts in it the page of the version this browser resolves
// to, inside the live host's shell, so text paints before any script runs.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import {
  assetUrl,
  isReleaseApp,
  isRemoteApp,
  type RemoteFiles,
  remoteFilesFor,
} from '@stride/shared/releases';
import {
  browserCookie,
  composeServerPage,
  cookieValue,
  isServerHtmlFile,
  RELEASE_ID_COOKIE,
  SERVER_HTML,
  type ServerRoute,
  serverPageKey,
  THEME_COOKIE,
  themeOfCookie,
} from '@stride/shared/server-html';
import type { RemoteName } from '@stride/shared/topology';
import { withoutTrailingSlashes } from '@stride/shared/url';

export interface ServerPageSources {
  /** The deployment document this request's browser will read (registry or plain). */
  document: () => unknown;
  /** The folder of the remote's build or release that `files` name; none if not on this machine. */
  buildDir: (remote: string, files: RemoteFiles) => string | undefined;
}

/** A document answer: the HTML, and the headers it needs beside the page's usual ones. */
export interface ServerPage {
  html: string;
  headers: Record<string, string>;
}

// crypto.randomUUID's form: what the browser makes too (browser-release.ts).
const RELEASE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The browser's release id from its cookie; a new one (and its cookie) on a first visit. */
export function releaseIdOf(req: IncomingMessage): { id: string; setCookie?: string } {
  const value = cookieValue(req.headers.cookie ?? '', RELEASE_ID_COOKIE);
  if (value && RELEASE_ID.test(value)) return { id: value };
  const id = randomUUID();
  return { id, setCookie: browserCookie(RELEASE_ID_COOKIE, id) };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A routes.json entry whose parts were checked. */
type CheckedRoute = ServerRoute & { remote: RemoteName };

/** The host build's server-rendered paths (routes.json), each checked; none if it has none. */
async function serverRoutes(hostRoot: string): Promise<Map<string, CheckedRoute>> {
  const routes = new Map<string, CheckedRoute>();
  let value: unknown;
  try {
    value = JSON.parse(
      (await readText(join(hostRoot, SERVER_HTML.dir, SERVER_HTML.routes))) ?? '{}',
    );
  } catch {
    return routes; // a host built before server HTML, or a broken file: plain HTML
  }
  if (!value || typeof value !== 'object') return routes;
  for (const [path, route] of Object.entries(value as Record<string, Partial<ServerRoute>>)) {
    if (
      typeof route?.remote === 'string' &&
      isReleaseApp(route.remote) &&
      isRemoteApp(route.remote) &&
      isServerHtmlFile(route.shell) &&
      isServerHtmlFile(`${route.page}.html`)
    ) {
      routes.set(path, { remote: route.remote, page: String(route.page), shell: route.shell });
    }
  }
  return routes;
}

/** The HTML of one server-rendered route for a browser with release id `id`; null if a part is missing. */
async function composeRoute(
  sources: ServerPageSources,
  hostRoot: string,
  route: CheckedRoute,
  browser: { id: string; theme?: 'light' | 'dark' },
): Promise<string | null> {
  const { remote } = route;
  let files: RemoteFiles | undefined;
  try {
    files = remoteFilesFor(sources.document(), remote, () => ({ id: browser.id }));
  } catch {
    return null; // a document boot refuses: the client shows why
  }
  const buildDir = files && sources.buildDir(remote, files);
  if (!files || !buildDir) return null;
  const [document, shell, fragment] = await Promise.all([
    readText(join(hostRoot, SERVER_HTML.dir, SERVER_HTML.document)),
    readText(join(hostRoot, SERVER_HTML.dir, route.shell)),
    readText(join(buildDir, SERVER_HTML.dir, `${route.page}.html`)),
  ]);
  if (document === undefined || shell === undefined || fragment === undefined) return null;
  const manifest = files.manifest;
  const styles = (files.assets?.pages[route.page] ?? [])
    .filter((file) => file.endsWith('.css'))
    .map((file) => assetUrl(manifest, file));
  return composeServerPage({
    document,
    shell,
    fragment,
    key: serverPageKey(manifest, route.page),
    styles,
    ...(browser.theme ? { theme: browser.theme } : {}),
  });
}

/**
 * The host's HTML for `urlPath` with its page inside, or null when the path
 * has no server HTML or a part is missing: then the plain HTML is sent and
 * the client renders as it always has. `hostRoot` is the live host's build.
 */
export async function serverPage(
  sources: ServerPageSources,
  hostRoot: string,
  req: IncomingMessage,
  urlPath: string,
): Promise<ServerPage | null> {
  const route = (await serverRoutes(hostRoot)).get(withoutTrailingSlashes(urlPath.toLowerCase()));
  if (!route) return null;
  const { id, setCookie } = releaseIdOf(req);
  const theme = themeOfCookie(cookieValue(req.headers.cookie ?? '', THEME_COOKIE));
  const html = await composeRoute(sources, hostRoot, route, { id, ...(theme ? { theme } : {}) });
  if (html === null) return null;
  return {
    html,
    headers: { Vary: 'Accept-Encoding, Cookie', ...(setCookie ? { 'Set-Cookie': setCookie } : {}) },
  };
}

/**
 * Every server-rendered page of a deployment of fixed builds (no registry,
 * so one version for every browser), by path: for a server that sends
 * files, as the nginx recipe does (scaled.ts). The theme is the server's
 * to add per request.
 */
export async function fixedServerPages(
  sources: ServerPageSources,
  hostRoot: string,
): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const [path, route] of await serverRoutes(hostRoot)) {
    const html = await composeRoute(sources, hostRoot, route, { id: 'fixed' });
    if (html !== null) pages.set(path, html);
  }
  return pages;
}
