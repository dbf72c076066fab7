/**
 * Pages sent as HTML (docs/architecture.md §2, "Pages as HTML").
 *
 * At build time the host renders its shell for each server-rendered path
 * (/login, /dashboard, /goals, /tasks) with the slot where the page goes,
 * and the page's remote renders that page; both land in `server-html/` of
 * the build (and so of its release).
 * The server that sends the host's HTML puts the page of the version this
 * browser resolves to into the shell of the live host, and marks the root
 * with which page that is, so the client hydrates only the same version.
 * Plain strings and functions: used by the build (Node), the servers and
 * the host's boot.
 */

export const SERVER_HTML = {
  /** The folder of a build (and so of its release) holding its server-rendered HTML. */
  dir: 'server-html',
  /** The host's list of its server-rendered paths: `{ "/login": { remote, page, shell } }`. */
  routes: 'routes.json',
  /** The host's HTML for such pages: it boots after the first paint (boot-preload.ts). */
  document: 'document.html',
  /** Where the shell holds the page: what React renders for `<template data-stride-page="" />`. */
  slot: '<template data-stride-page=""></template>',
  /** The root's attribute naming the page inside it (serverPageKey). */
  rootAttribute: 'data-server-page',
  /** Set on the root when the page inside is a signed-in one: the guard holds it while it checks. */
  signedInAttribute: 'data-server-signed-in',
  /**
   * The folder, in `server-html/` of a remote's build, of its server bundle
   * (`render.js`, ESM for Node): what renders a page with the user's data
   * per request (RenderPageWithData).
   */
  renderDir: 'render',
  renderEntry: 'render.js',
  /** The id of the JSON script holding the query cache the page was rendered with. */
  pageDataId: 'stride-page-data',
  /**
   * That script's attribute: the user's data version its reads hold
   * (the lowest of their LIVE_SYNC.versionHeader), when every read named one.
   */
  pageDataVersionAttribute: 'data-version',
} as const;

/** The API's answers to a page's first reads, by path under the API base (`/dashboard/`). */
export type PageAnswers = Readonly<Record<string, unknown>>;

/**
 * What a remote's server bundle exports to render one of its pages with the
 * user's data, per request (docs/architecture.md §2, "Pages with data"):
 * the page's HTML, and the query cache it was rendered from (TanStack's
 * dehydrated state), which the host puts into its own before it hydrates.
 * Null when the page has no such render or an answer it needs is missing:
 * then the server sends the page as rendered at build time.
 */
export type RenderPageWithData = (
  page: string,
  answers: PageAnswers,
) => { html: string; state: unknown } | null;

/**
 * The cookie that carries the browser's release id, so the server resolves
 * canaries as the browser does. Cookie names here use `_`, not `-`: nginx
 * reads a cookie as `$cookie_<name>`, and a variable's name has no dash.
 */
export const RELEASE_ID_COOKIE = 'stride_release_id';

/**
 * The cookie that carries a chosen theme (`light` or `dark`; none for
 * auto), so a page sent as HTML paints in it before the app has run.
 */
export const THEME_COOKIE = 'stride_theme';

/**
 * The global through which a page sent as HTML hands the app the button
 * pressed before the app had taken the page over (boot-preload.ts): a
 * function returning that button, or null, and ending the holding.
 */
export const EARLY_CLICKS = '__strideEarlyClick';

const COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60; // browsers keep a cookie 400 days at most

/**
 * One of these cookies as `document.cookie` or `Set-Cookie` takes it: for
 * the whole site, kept as long as browsers allow, or cleared (null).
 */
export function browserCookie(name: string, value: string | null): string {
  return value === null
    ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
    : `${name}=${value}; Path=/; Max-Age=${COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** The chosen theme a THEME_COOKIE value names, if it names one. */
export function themeOfCookie(value: string | undefined): 'light' | 'dark' | undefined {
  return value === 'light' || value === 'dark' ? value : undefined;
}

/** One cookie's value from a Cookie header (or document.cookie); looks at the first 64 only. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';', 64)) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Who a server-rendered page is sent to, as the route guard decides.
 * `anyone`: a guest page (/login). `signed-in`: any signed-in user.
 * `onboarding`: a signed-in user who has not finished onboarding
 * (/onboarding: one who has is sent on to the dashboard). `onboarded`: one
 * who has (the dashboard, goals and tasks). The server asks the API for the
 * request's session before it sends such a page, so the page the browser
 * paints is the one it keeps.
 */
export type ServerPageAudience = 'anyone' | 'signed-in' | 'onboarding' | 'onboarded';

export const SERVER_PAGE_AUDIENCES: readonly ServerPageAudience[] = [
  'anyone',
  'signed-in',
  'onboarding',
  'onboarded',
];

/** One server-rendered path of the host: the remote page it shows, its shell file, and who gets it. */
export interface ServerRoute {
  remote: string;
  page: string;
  shell: string;
  /** Absent in a host built before signed-in pages were sent as HTML: `anyone`. */
  audience?: ServerPageAudience;
  /**
   * Whether this host puts a page's data (SERVER_HTML.pageDataId) into its
   * query cache before it hydrates; absent in a host built before, which
   * is sent only pages rendered without data.
   */
  pageData?: boolean;
}

/**
 * The cookie a page sets once this browser has Stride's service worker
 * (register-worker.ts). Such a browser paints its last screen of a
 * signed-in page, which shows the user's own data, so the server sends it
 * the plain HTML for those pages rather than the page without data
 * (docs/architecture.md §2, §11).
 */
export const WORKER_COOKIE = 'stride_worker';

// The file names a build writes: letters, digits and dashes, then `.html`.
const FILE_NAME = /^[A-Za-z0-9-]{1,64}\.html$/;

export function isServerHtmlFile(name: unknown): name is string {
  return typeof name === 'string' && FILE_NAME.test(name);
}

/** Which page the root holds, of which build: the remote's manifest URL and the page's name. */
export function serverPageKey(manifestUrl: string, page: string): string {
  return `${manifestUrl}#${page}`;
}

const ROOT = '<div id="root"></div>';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * JSON to sit inside a <script> element: `<` written as its escape, so no
 * value (a task titled `</script>`) can end the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The host's HTML with the page inside its root: the shell with the
 * fragment in its slot, the page's style sheets in the head. Null when the
 * parts do not fit (no empty root, no single slot), so the caller sends the
 * plain HTML and the client renders as without server HTML.
 */
export function composeServerPage(parts: {
  /** The host's HTML for such pages (SERVER_HTML.document). */
  document: string;
  shell: string;
  fragment: string;
  key: string;
  styles: readonly string[];
  /** The chosen theme, set on <html> as the app would set it; none follows the system. */
  theme?: 'light' | 'dark';
  /** Whether the page is a signed-in one (its audience is not `anyone`). */
  signedIn?: boolean;
  /** The query cache the fragment was rendered from (RenderPageWithData), if it was. */
  pageData?: unknown;
  /** The data version the answers it was made from hold, when known. */
  pageDataVersion?: number;
}): string | null {
  const { document, shell, fragment, key, styles, theme, signedIn = false } = parts;
  const { pageData, pageDataVersion } = parts;
  const slotAt = shell.indexOf(SERVER_HTML.slot);
  if (slotAt < 0 || shell.indexOf(SERVER_HTML.slot, slotAt + 1) >= 0) return null;
  let html = document;
  if (theme) html = html.replace('<html', `<html data-theme="${theme}"`);
  const headEnd = html.indexOf('</head>');
  const rootAt = html.indexOf(ROOT);
  if (headEnd < 0 || rootAt < headEnd) return null;
  const page = shell.slice(0, slotAt) + fragment + shell.slice(slotAt + SERVER_HTML.slot.length);
  const links = styles
    .map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`)
    .join('');
  const held = signedIn ? ` ${SERVER_HTML.signedInAttribute}=""` : '';
  const root = `<div id="root" ${SERVER_HTML.rootAttribute}="${escapeAttribute(key)}"${held}>${page}</div>`;
  const version =
    pageDataVersion === undefined || !Number.isSafeInteger(pageDataVersion)
      ? ''
      : ` ${SERVER_HTML.pageDataVersionAttribute}="${pageDataVersion}"`;
  const data =
    pageData === undefined
      ? ''
      : `<script type="application/json" id="${SERVER_HTML.pageDataId}"${version}>${scriptJson(pageData)}</script>`;
  return (
    html.slice(0, headEnd) +
    links +
    html.slice(headEnd, rootAt) +
    data +
    root +
    html.slice(rootAt + ROOT.length)
  );
}
