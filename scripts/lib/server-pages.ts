// Pages as HTML (docs/architecture.md §2): the server that sends the host's
// HTML puts in it the page of the version this browser resolves to, inside
// the live host's shell, so text paints before any script runs. A signed-in
// page goes only to a session the route guard lets through, asked of the API.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { LIVE_SYNC } from '@stride/shared/limits';
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
  type PageAnswers,
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
import { type PageRenderer, pageRenderer } from './page-renderer';

export interface ServerPageSources {
  /** The deployment document this request's browser will read (registry or plain). */
  document: () => unknown;
  /** The folder of the remote's build or release that `files` name; none if not on this machine. */
  buildDir: (remote: string, files: RemoteFiles) => string | undefined;
  /** What runs a release's server bundle (page-renderer.ts); this process's by default. */
  renderer?: PageRenderer;
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
type CheckedRoute = ServerRoute & {
  remote: RemoteName;
  audience: ServerPageAudience;
  pageData: boolean;
};

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
        pageData: route.pageData === true,
      });
    }
  }
  return routes;
}

/** The server bundle of a build or release folder, if it has one (SERVER_HTML.renderDir). */
function bundleOf(buildDir: string): string {
  return join(buildDir, SERVER_HTML.dir, SERVER_HTML.renderDir, SERVER_HTML.renderEntry);
}

/**
 * Loads the server bundles of these builds ahead of their first page with
 * data, so a server just started sends even its first pages with data.
 */
export function warmPageBundles(buildDirs: readonly string[], renderer = pageRenderer()): void {
  for (const buildDir of buildDirs) {
    if (existsSync(bundleOf(buildDir))) renderer.warm(bundleOf(buildDir));
  }
}

/** What a page with data is rendered from: the request's session, for its reads. */
interface DataRequest {
  apiBase: string;
  cookie: string;
}

/**
 * The page rendered with the user's data by its release's server bundle
 * (docs/architecture.md §2, "Pages with data"): its first reads (the ones the
 * deployment document names for the version) asked of the API with the
 * request's cookies, then the bundle run on their answers. Null on any miss
 * (no bundle, no reads, an answer that is not a 200, the time up): the
 * caller sends the page as it was built.
 */
async function renderWithData(
  sources: ServerPageSources,
  buildDir: string,
  files: RemoteFiles,
  page: string,
  request: DataRequest,
): Promise<{ html: string; state: unknown; version: number | undefined } | null> {
  const reads = files.assets?.requests?.[page] ?? [];
  const bundle = bundleOf(buildDir);
  if (reads.length === 0) return null;
  try {
    await access(bundle);
  } catch {
    return null; // a release built before pages with data
  }
  const renderer = sources.renderer ?? pageRenderer();
  const deadline = Date.now() + PAGE_DATA_TIMEOUT_MS;
  renderer.warm(bundle); // loaded while the API answers
  const read = await readAnswers(reads, request);
  if (!read) return null;
  const left = deadline - Date.now();
  if (left <= 0) return null;
  const rendered = await renderer.render(bundle, page, read.answers, left);
  return rendered && { ...rendered, version: read.version };
}

/**
 * The API's answers to `reads` for this session, and the data version they
 * all hold (the lowest each names, LIVE_SYNC.versionHeader; undefined when
 * one names none); null unless every one is a 200 with JSON.
 */
async function readAnswers(
  reads: readonly string[],
  { apiBase, cookie }: DataRequest,
): Promise<{ answers: PageAnswers; version: number | undefined } | null> {
  const signal = AbortSignal.timeout(PAGE_DATA_TIMEOUT_MS);
  try {
    const answers = await Promise.all(
      reads.map(async (path) => {
        const response = await fetch(`${apiBase}${path}`, {
          headers: { Accept: 'application/json', Cookie: cookie },
          signal,
        });
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        const text = await response.text();
        if (text.length > MAX_ANSWER_CHARS) throw new Error(`${path}: too long`);
        const version = Number(response.headers.get(LIVE_SYNC.versionHeader) ?? Number.NaN);
        return { path, answer: JSON.parse(text) as unknown, version };
      }),
    );
    const versions = answers.map((one) => one.version);
    return {
      answers: Object.fromEntries(answers.map(({ path, answer }) => [path, answer])),
      version: versions.every(Number.isSafeInteger) ? Math.min(...versions) : undefined,
    };
  } catch {
    return null;
  }
}

/** The HTML of one server-rendered route for a browser with release id `id`; null if a part is missing. */
async function composeRoute(
  sources: ServerPageSources,
  hostRoot: string,
  route: CheckedRoute,
  browser: { id: string; theme?: 'light' | 'dark' },
  data?: DataRequest,
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
  const [document, shell, built, withData] = await Promise.all([
    readText(join(hostRoot, SERVER_HTML.dir, SERVER_HTML.document)),
    readText(join(hostRoot, SERVER_HTML.dir, route.shell)),
    readText(join(buildDir, SERVER_HTML.dir, `${route.page}.html`)),
    data ? renderWithData(sources, buildDir, files, route.page, data) : null,
  ]);
  const fragment = withData?.html ?? built;
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
    ...(withData ? { pageData: withData.state } : {}),
    ...(withData?.version !== undefined ? { pageDataVersion: withData.version } : {}),
    ...(browser.theme ? { theme: browser.theme } : {}),
  });
}

/** How long the server waits for the API's word on a session before it sends the plain HTML. */
export const SESSION_CHECK_TIMEOUT_MS = 1_500;

/** How long a page's reads and its render with their answers may take before the page goes as built. */
export const PAGE_DATA_TIMEOUT_MS = 1_000;

/** The longest API answer a page is rendered from (the API's own lists are far shorter). */
const MAX_ANSWER_CHARS = 1024 * 1024;

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
 * Whether this request's page is rendered with the user's data: a page the
 * session was checked for, whose host takes data (`pageData`), asked with
 * no query string (its first reads are those of the page's default view).
 */
function dataRequestOf(
  document: unknown,
  req: IncomingMessage,
  route: CheckedRoute,
): DataRequest | undefined {
  const apiBase = apiBaseOf(document);
  const cookie = req.headers.cookie;
  if (route.audience === 'anyone' || !route.pageData || !apiBase || !cookie) return undefined;
  if ((req.url ?? '').includes('?')) return undefined;
  return { apiBase, cookie };
}

/**
 * The host's HTML for `urlPath` with its page inside, or null when the path
 * has no server HTML, a part is missing, or the page is not for this
 * request's session: then the plain HTML is sent and the client renders as
 * it always has. `hostRoot` is the live host's build. A signed-in page
 * comes with the user's data where its release can render it so. A browser
 * with the service worker gets the plain HTML of a signed-in page: it paints
 * its last screen of it, with the user's data (WORKER_COOKIE).
 */
export async function serverPage(
  requestSources: ServerPageSources,
  hostRoot: string,
  req: IncomingMessage,
  urlPath: string,
): Promise<ServerPage | null> {
  const route = (await serverRoutes(hostRoot)).get(withoutTrailingSlashes(urlPath.toLowerCase()));
  if (!route) return null;
  // One reading of the document for the whole answer.
  const document = requestSources.document();
  const sources: ServerPageSources = { ...requestSources, document: () => document };
  if (route.audience !== 'anyone') {
    if (cookieValue(req.headers.cookie ?? '', WORKER_COOKIE)) return null;
    if (!(await sessionMaySee(document, req, route.audience))) return null;
  }
  const { id, setCookie } = releaseIdOf(req);
  const theme = themeOfCookie(cookieValue(req.headers.cookie ?? '', THEME_COOKIE));
  const html = await composeRoute(
    sources,
    hostRoot,
    route,
    { id, ...(theme ? { theme } : {}) },
    dataRequestOf(document, req, route),
  );
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
