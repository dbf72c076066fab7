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
const MAX_AGE_S = 400 * 24 * 60 * 60; // browsers cap cookies at 400 days

/** The browser's release id from its cookie; a new one (and its cookie) on a first visit. */
export function releaseIdOf(req: IncomingMessage): { id: string; setCookie?: string } {
  const value = cookieValue(req.headers.cookie ?? '', RELEASE_ID_COOKIE);
  if (value && RELEASE_ID.test(value)) return { id: value };
  const id = randomUUID();
  return {
    id,
    setCookie: `${RELEASE_ID_COOKIE}=${id}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax`,
  };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

function parseRoutes(text: string | undefined): Record<string, ServerRoute> {
  try {
    const value: unknown = JSON.parse(text ?? '{}');
    return value && typeof value === 'object' ? (value as Record<string, ServerRoute>) : {};
  } catch {
    return {};
  }
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
  const dir = join(hostRoot, SERVER_HTML.dir);
  const routes = parseRoutes(await readText(join(dir, SERVER_HTML.routes)));
  const path = withoutTrailingSlashes(urlPath.toLowerCase());
  const route = Object.hasOwn(routes, path) ? routes[path] : undefined;
  if (
    !route ||
    !isReleaseApp(route.remote) ||
    !isRemoteApp(route.remote) ||
    !isServerHtmlFile(route.shell) ||
    !isServerHtmlFile(`${route.page}.html`)
  ) {
    return null;
  }
  const remote = route.remote;
  const { id, setCookie } = releaseIdOf(req);
  let files: RemoteFiles | undefined;
  try {
    files = remoteFilesFor(sources.document(), remote, () => ({ id }));
  } catch {
    return null; // a document boot refuses: the client shows why
  }
  const buildDir = files && sources.buildDir(remote, files);
  if (!files || !buildDir) return null;
  const [indexHtml, shell, fragment] = await Promise.all([
    readText(join(hostRoot, 'index.html')),
    readText(join(dir, route.shell)),
    readText(join(buildDir, SERVER_HTML.dir, `${route.page}.html`)),
  ]);
  if (indexHtml === undefined || shell === undefined || fragment === undefined) return null;
  const manifest = files.manifest;
  const styles = (files.assets?.pages[route.page] ?? [])
    .filter((file) => file.endsWith('.css'))
    .map((file) => assetUrl(manifest, file));
  const html = composeServerPage({
    indexHtml,
    shell,
    fragment,
    key: serverPageKey(manifest, route.page),
    styles,
    theme: themeOfCookie(cookieValue(req.headers.cookie ?? '', THEME_COOKIE)),
  });
  if (html === null) return null;
  return {
    html,
    headers: { Vary: 'Accept-Encoding, Cookie', ...(setCookie ? { 'Set-Cookie': setCookie } : {}) },
  };
}
