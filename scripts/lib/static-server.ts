// The production static server for the host and each remote: the cache and
// compression rules of docs/architecture.md §2, "Caching". The file part is
// @fastify/send (paths kept inside the root, ETag and Last-Modified,
// conditional and Range requests, streamed from disk); compression is done
// once, at build time (shared/src/federation/precompress.ts writes `.br` and
// `.gz` beside each text file), and this server picks the variant the request
// accepts. Files are looked up per request (no index built at start), so a
// rebuild is served without a restart. docs/decisions.md, "Static files".

import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer, STATUS_CODES } from 'node:http';
import { extname, relative, sep } from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import send from '@fastify/send';
import { type DeploymentDocument, pageSecurityHeaders } from '@stride/shared/page-headers';
import {
  COMPRESSIBLE,
  compressBody,
  ENCODINGS,
  type Encoding,
  PRECOMPRESSED,
} from '@stride/shared/precompressed';

export type StaticHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  urlPath?: string,
) => Promise<void>;

export interface StaticHandlerOptions {
  root: string;
  /** Paths without a file extension that match no file answer the root's index.html. */
  spa?: boolean;
  /**
   * The host's runtime config: served as /app-config.json (no-store) in place
   * of any file, and the source of its page's security headers
   * (Content-Security-Policy…). A function is called per request (its URLs
   * must not change; the page assets it names may).
   */
  appConfig?: DeploymentDocument | (() => DeploymentDocument);
  /** Replaces the default cache rules (`cacheControlFor`). */
  cacheControl?: (relativePath: string) => string;
  /** Paths (relative to the root) that answer 404. */
  hidden?: (relativePath: string) => boolean;
  /**
   * May answer a document path (one without a file extension) with HTML made
   * for the request (server-pages.ts), or return null to let the files answer.
   */
  page?: (
    req: IncomingMessage,
    urlPath: string,
  ) => Promise<{ html: string; headers: Record<string, string> } | null>;
}

/** Cache policy by file: entry points must be revalidated, hashed assets never change. */
export function cacheControlFor(relativePath: string): string {
  if (relativePath === 'app-config.json') return 'no-store';
  if (/(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/.test(relativePath))
    return 'no-cache';
  if (/\.[0-9a-f]{8,}\.(js|css|mjs|woff2|png|svg|jpg|webp)$/.test(relativePath))
    return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * The encodings the request accepts (its q-values respected), best first:
 * each file is tried in this order, then as it is.
 */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  const accepted: Encoding[] = [];
  let left = [...ENCODINGS];
  for (let i = 0; i < ENCODINGS.length; i++) {
    const best = negotiate(acceptEncoding ?? '', left) as Encoding | null;
    if (!best) break;
    accepted.push(best);
    left = left.filter((encoding) => encoding !== best);
  }
  return accepted;
}

const TEXT_PLAIN = 'text/plain; charset=utf-8';

// JavaScript's registered type (RFC 9239); send's mime table still says application/javascript.
send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);

function answerError(res: ServerResponse, status: number): void {
  res
    .writeHead(status, { 'Content-Type': TEXT_PLAIN, 'Cache-Control': 'no-cache' })
    .end(STATUS_CODES[status] ?? 'Error');
}

/**
 * The handler behind `startStaticServer`, for servers that route between
 * several roots (one-origin.ts, the release deployment's app server).
 */
export function createStaticHandler({
  root,
  spa = false,
  appConfig,
  cacheControl = cacheControlFor,
  hidden = () => false,
  page,
}: StaticHandlerOptions): StaticHandler {
  // A function is read per request (page assets follow a rebuild); the URLs,
  // and so the page's headers, stay as they were at start.
  const configNow = typeof appConfig === 'function' ? appConfig : () => appConfig;
  const startConfig = configNow();
  const pageHeaders = startConfig ? Object.entries(pageSecurityHeaders(startConfig)) : [];
  const sendOptions = {
    root,
    index: false,
    dotfiles: 'ignore',
    // Cache-Control comes from `cacheControl`, by the file's own path.
    cacheControl: false,
  } as const;

  /**
   * Sends `path` (URL-encoded, from the root): its precompressed variant the
   * request accepts (`accepted`, best first), else the file. Resolves to
   * false when no file answers.
   */
  async function sendFile(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    accepted: Encoding[],
  ): Promise<boolean> {
    const ext = extname(path);
    const encodings = COMPRESSIBLE.test(path) ? accepted : [];
    const variants = encodings.map((encoding) => ({
      encoding,
      path: path + PRECOMPRESSED[encoding],
    }));
    for (const variant of [...variants, { encoding: null, path }]) {
      const result = await send(req, variant.path, sendOptions);
      if (result.type === 'error' && result.statusCode === 404) continue;
      if (result.type === 'directory') return sendFile(req, res, `${path}/index.html`, accepted);
      if (result.type === 'error') {
        answerError(res, result.statusCode);
        return true;
      }
      const filePath = relative(root, result.metadata.path).split(sep).join('/');
      const ownPath = variant.encoding
        ? filePath.slice(0, -PRECOMPRESSED[variant.encoding].length)
        : filePath;
      if (hidden(ownPath)) {
        result.stream.destroy();
        answerError(res, 404);
        return true;
      }
      const headers: Record<string, string> = {
        ...result.headers,
        'Cache-Control': cacheControl(ownPath),
      };
      if (variant.encoding) {
        headers['Content-Encoding'] = variant.encoding;
        headers['Content-Type'] = contentTypeOf(ext);
      }
      res.writeHead(result.statusCode, headers);
      if (req.method === 'HEAD') {
        result.stream.destroy();
        res.end();
      } else {
        // A file that goes away mid-read ends the response rather than leaving it open.
        result.stream.once('error', () => res.destroy());
        result.stream.pipe(res);
      }
      return true;
    }
    return false;
  }

  return async (req, res, urlPath = new URL(req.url ?? '/', 'http://localhost').pathname) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    for (const [name, value] of pageHeaders) res.setHeader(name, value);
    res.setHeader('Vary', 'Accept-Encoding');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    if (appConfig && urlPath === '/app-config.json') {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(configNow()));
      return;
    }
    // Read once per request: every file tried below offers the same choice.
    const accepted = acceptedEncodings(req.headers['accept-encoding']);
    const isDocument = !extname(urlPath);
    // A page that cannot be made is sent as the plain HTML, never an error.
    const made = page && isDocument ? await page(req, urlPath).catch(() => null) : null;
    if (made) {
      const [encoding] = accepted;
      const raw = Buffer.from(made.html);
      const body = encoding ? await compressBody(raw, encoding, 'page') : raw;
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-cache',
        ...made.headers,
        'Content-Length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const path = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
    if (await sendFile(req, res, path, accepted)) return;
    if (spa && isDocument && (await sendFile(req, res, '/index.html', accepted))) return;
    answerError(res, 404);
  };
}

/** The Content-Type of a file by its extension (a precompressed variant is sent as its original). */
function contentTypeOf(ext: string): string {
  const type = send.mime.getType(ext) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/**
 * How long an idle keep-alive connection stays open: nginx's default, not
 * Node's 5 s. A client that reuses a connection just as the server closes it
 * gets ECONNRESET; browsers retry that, but other clients (an API client, a
 * test's request context) see the error. The longer the wait, the rarer the
 * race.
 */
export const KEEP_ALIVE_MS = 75_000;

/** Listens with a handler on 127.0.0.1 (or `host`). */
export function listen(handler: StaticHandler, port: number, host = '127.0.0.1'): Promise<Server> {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': TEXT_PLAIN });
      res.end('Internal error');
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Longer than the keep-alive wait, as Node asks, so a request's headers are never cut short by it.
  server.headersTimeout = KEEP_ALIVE_MS + 5_000;
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

export function startStaticServer({
  port,
  host = '127.0.0.1',
  ...options
}: StaticHandlerOptions & { port: number; host?: string }): Promise<Server> {
  return listen(createStaticHandler(options), port, host);
}
