// A small production static server for the host and each remote: the cache
// and compression rules of docs/architecture.md §2. Files are read per request (no index
// built at start), so a rebuild is served without a restart.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { pageSecurityHeaders } from '@stride/shared/page-headers';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);

/** Cache policy by file: entry points must be revalidated, hashed assets never change. */
export function cacheControlFor(relativePath) {
  if (relativePath === 'app-config.json') return 'no-store';
  if (/(^|\/)(index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js)$/.test(relativePath))
    return 'no-cache';
  if (/\.[0-9a-f]{8,}\.(js|css|mjs|woff2|png|svg|jpg|webp)$/.test(relativePath))
    return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Picks br, then gzip, from the request's Accept-Encoding. */
export function pickEncoding(acceptEncoding = '') {
  const accepted = acceptEncoding.split(',').map((part) => part.trim().split(';')[0]);
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

const compressedCache = new Map();
function compress(buffer, encoding, key) {
  const cacheKey = `${key}:${encoding}`;
  const hit = compressedCache.get(cacheKey);
  if (hit) return hit;
  const body =
    encoding === 'br'
      ? brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(buffer, { level: 9 });
  compressedCache.set(cacheKey, body);
  return body;
}

async function findFile(root, urlPath, spa) {
  const decoded = decodeURIComponent(urlPath);
  const target = normalize(join(root, decoded));
  if (target !== root && !target.startsWith(root + sep)) return null; // path traversal
  try {
    const info = await stat(target);
    if (info.isFile()) return { path: target, info };
    if (info.isDirectory()) {
      const index = join(target, 'index.html');
      const indexInfo = await stat(index);
      return { path: index, info: indexInfo };
    }
  } catch {
    // fall through to the SPA fallback
  }
  if (spa && !extname(decoded)) {
    const index = join(root, 'index.html');
    try {
      return { path: index, info: await stat(index) };
    } catch {
      return null;
    }
  }
  return null;
}

/** Compresses a page made per request (server HTML): not cached, at a quality quick enough per request. */
function compressOnce(buffer, encoding) {
  return encoding === 'br'
    ? brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(buffer, { level: 6 });
}

/**
 * The request handler behind `startStaticServer`, for servers that route
 * between several roots (the release deployment's app server).
 * @param {{ root: string, spa?: boolean, appConfig?: object | (() => object),
 *   cacheControl?: (relativePath: string) => string,
 *   hidden?: (relativePath: string) => boolean,
 *   page?: (req: import('node:http').IncomingMessage, urlPath: string) =>
 *     Promise<{ html: string, headers: Record<string, string> } | null> }} options
 *   `appConfig`, when given, is served as `/app-config.json` (no-store) in place
 *   of any file: the host's runtime config, decided by the deployment. It
 *   makes this the host's server: every answer carries the page's security
 *   headers (Content-Security-Policy…), computed from that same config.
 *   `cacheControl` replaces the default rules; `hidden` paths answer 404.
 *   `page`, when given, may answer a document path (one without a file
 *   extension) with HTML made for the request (server-pages.ts), or return
 *   null to let the files answer.
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, urlPath?: string) => Promise<void>}
 */
export function createStaticHandler({
  root,
  spa = false,
  appConfig,
  cacheControl = cacheControlFor,
  hidden = () => false,
  page,
}) {
  const base = resolve(root);
  // A function is read per request (page assets follow a rebuild); the URLs,
  // and so the page's headers, stay as they were at start.
  const configNow = typeof appConfig === 'function' ? appConfig : () => appConfig;
  const pageHeaders = appConfig ? Object.entries(pageSecurityHeaders(configNow())) : [];
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
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(configNow()));
      return;
    }
    // A page that cannot be made is sent as the plain HTML, never an error.
    const made = page && !extname(urlPath) ? await page(req, urlPath).catch(() => null) : null;
    if (made) {
      for (const [name, value] of Object.entries(made.headers)) res.setHeader(name, value);
      const raw = Buffer.from(made.html);
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const body = encoding ? compressOnce(raw, encoding) : raw;
      if (encoding) res.setHeader('Content-Encoding', encoding);
      res.writeHead(200, {
        'Content-Type': TYPES['.html'],
        'Cache-Control': 'no-cache',
        'Content-Length': body.length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    let found;
    try {
      found = await findFile(base, urlPath, spa);
    } catch {
      found = null;
    }
    const relativePath = found?.path
      .slice(base.length + 1)
      .split(sep)
      .join('/');
    if (!found || hidden(relativePath)) {
      res
        .writeHead(404, {
          'Content-Type': 'text/plain; charset=utf-8',
          'Cache-Control': 'no-cache',
        })
        .end('Not found');
      return;
    }
    const ext = extname(found.path);
    const etag = `"${createHash('sha1').update(`${found.info.mtimeMs}:${found.info.size}`).digest('hex').slice(0, 16)}"`;
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', cacheControl(relativePath));
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return;
    }
    const raw = await readFile(found.path);
    const encoding =
      COMPRESSIBLE.has(ext) && raw.length > 512
        ? pickEncoding(req.headers['accept-encoding'])
        : null;
    const body = encoding ? compress(raw, encoding, `${found.path}:${etag}`) : raw;
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.writeHead(200);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/**
 * Listens with a handler on 127.0.0.1 (or `host`).
 * @returns {Promise<import('node:http').Server>}
 */
export function listen(handler, port, host = '127.0.0.1') {
  const server = createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}

/**
 * @param {{ root: string, port: number, host?: string, spa?: boolean, appConfig?: object | (() => object),
 *   cacheControl?: (relativePath: string) => string, hidden?: (relativePath: string) => boolean }} options
 * @returns {Promise<import('node:http').Server>}
 */
export function startStaticServer({ port, host = '127.0.0.1', ...options }) {
  return listen(createStaticHandler(options), port, host);
}
