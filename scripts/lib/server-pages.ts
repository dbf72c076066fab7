// Pages as HTML (docs/architecture.md §2): the server that sends the host's
// HTML puts in it the page of the version this browser resolves to, inside
// the live host's shell, so text paints before any script runs. A signed-in
// page goes only to a session the route guard lets through, asked of the API.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { API_PATHS } from '@stride/shared/paths';
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
  SERVER_PAGE_AUDIENCES,
  type ServerPageAudience,
  type ServerRoute,
  serverPageKey,
  THEME_COOKIE,
  themeOfCookie,
  WORKER_COOKIE,
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
type CheckedRoute = ServerRoute & { remote: RemoteName; audience: ServerPageAudience };

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
      isServerHtmlFile(`${route.page}.html`) &&
      (route.audience === undefined || SERVER_PAGE_AUDIENCES.includes(route.audience))
    ) {
      routes.set(path, {
        remote: route.remote,
        page: String(route.page),
        shell: route.shell,
        audience: route.audience ?? 'anyone',
      });
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
    signedIn: route.audience !== 'anyone',
    ...(browser.theme ? { theme: browser.theme } : {}),
  });
}

/** How long the server waits for the API's word on a session before it sends the plain HTML. */
export const SESSION_CHECK_TIMEOUT_MS = 1_500;

/** The API base a deployment document names; undefined if it names none over HTTP. */
function apiBaseOf(document: unknown): string | undefined {
  // The registry and the plain document both name it at the top.
  const apiBase = (document as { apiBase?: unknown } | null)?.apiBase;
  return typeof apiBase === 'string' && /^https?:\/\//.test(apiBase) ? apiBase : undefined;
}

/**
 * Whether the session this request carries may see a page sent to
 * `audience`, as the route guard would decide: the API's session check,
 * with the request's cookies. No answer (the API down, slow or saying no)
 * is a no: the plain HTML is sent, and the app decides as it always has.
 */
export async function sessionMaySee(
  document: unknown,
  req: IncomingMessage,
  audience: ServerPageAudience,
): Promise<boolean> {
  if (audience === 'anyone') return true;
  const apiBase = apiBaseOf(document);
  const cookie = req.headers.cookie;
  if (!apiBase || !cookie) return false;
  try {
    const response = await fetch(`${apiBase}${API_PATHS.authStatus}`, {
      headers: { Accept: 'application/json', Cookie: cookie },
      signal: AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const status = (await response.json()) as {
      authenticated?: unknown;
      user?: { onboarding_completed?: unknown } | null;
    };
    if (status.authenticated !== true || !status.user) return false;
    const onboarded = status.user.onboarding_completed === true;
    if (audience === 'onboarding') return !onboarded;
    return audience === 'signed-in' || onboarded;
  } catch {
    return false;
  }
}

/**
 * The host's HTML for `urlPath` with its page inside, or null when the path
 * has no server HTML, a part is missing, or the page is not for this
 * request's session: then the plain HTML is sent and the client renders as
 * it always has. `hostRoot` is the live host's build. A browser with the
 * service worker gets the plain HTML of a signed-in page: it paints its
 * last screen of it, with the user's data (WORKER_COOKIE).
 */
export async function serverPage(
  sources: ServerPageSources,
  hostRoot: string,
  req: IncomingMessage,
  urlPath: string,
): Promise<ServerPage | null> {
  const route = (await serverRoutes(hostRoot)).get(withoutTrailingSlashes(urlPath.toLowerCase()));
  if (!route) return null;
  if (route.audience !== 'anyone') {
    if (cookieValue(req.headers.cookie ?? '', WORKER_COOKIE)) return null;
    if (!(await sessionMaySee(sources.document(), req, route.audience))) return null;
  }
  const { id, setCookie } = releaseIdOf(req);
  const theme = themeOfCookie(cookieValue(req.headers.cookie ?? '', THEME_COOKIE));
  const html = await composeRoute(sources, hostRoot, route, { id, ...(theme ? { theme } : {}) });
  if (html === null) return null;
  return {
    html,
    headers: {
      Vary: 'Accept-Encoding, Cookie',
      // A signed-in page was sent for this session only: no shared cache may keep it.
      ...(route.audience === 'anyone' ? {} : { 'Cache-Control': 'private, no-cache' }),
      ...(setCookie ? { 'Set-Cookie': setCookie } : {}),
    },
  };
}

/**
 * Every guest page sent as HTML of a deployment of fixed builds (no
 * registry, so one version for every browser), by path: for a server that
 * sends files, as the nginx recipe does (scaled.ts). The theme is the
 * server's to add per request. Not the signed-in pages: a file server
 * cannot ask the API whether the session may see them.
 */
export async function fixedServerPages(
  sources: ServerPageSources,
  hostRoot: string,
): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const [path, route] of await serverRoutes(hostRoot)) {
    if (route.audience !== 'anyone') continue;
    const html = await composeRoute(sources, hostRoot, route, { id: 'fixed' });
    if (html !== null) pages.set(path, html);
  }
  return pages;
}
