// One origin for every part of a local deployment (docs/architecture.md §3):
// the host's server answers the remotes' files, the release store and the
// API by path, so a phone's first load opens one connection instead of one
// per app. The nginx recipe does the same with locations (deploy/nginx/).
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import type { StaticHandler } from './static-server';

export interface Mount {
  /** A path prefix ending in `/` (`/remotes/remote_tasks/`). */
  prefix: string;
  handler: StaticHandler;
  /** Hand the handler the path below the prefix (a static root), or the whole path (the API). */
  strip: boolean;
}

/** The first mount whose prefix the path starts with answers; any other path goes to `fallback`. */
export function routeByPath(mounts: readonly Mount[], fallback: StaticHandler): StaticHandler {
  return (req, res, urlPath = new URL(req.url ?? '/', 'http://localhost').pathname) => {
    for (const mount of mounts) {
      if (urlPath.startsWith(mount.prefix)) {
        const path = mount.strip ? urlPath.slice(mount.prefix.length - 1) : urlPath;
        return mount.handler(req, res, path);
      }
    }
    return fallback(req, res, urlPath);
  };
}

// Headers about one connection, not the request: never forwarded (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}

/** What nginx answers when no instance can (deploy/nginx/): the API's JSON error shape. */
export const API_UNREACHABLE = {
  error: 'The service is briefly unavailable. Try again.',
  code: 'service_unavailable',
} as const;

/**
 * Passes requests through to the API at `target` (`http://127.0.0.1:8000`),
 * streaming both ways (the live-sync EventSource stays open). The client is
 * whoever connected here: a client's own `X-Forwarded-For` is replaced, and
 * the API trusts this hop alone (TRUST_PROXY=127.0.0.1, set by deployment.ts).
 * An API that is down or restarting answers 503 in its own error shape.
 */
export function apiProxy(target: string): StaticHandler {
  const { hostname, port } = new URL(target);
  // An idle connection to the API is dropped here after a minute, before the
  // API's own 72 s (Fastify's default) can close it under a request reusing it.
  const agent = new Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 });
  return (req, res) =>
    new Promise<void>((resolve) => {
      const upstream = request(
        {
          agent,
          hostname,
          port,
          method: req.method,
          path: req.url,
          headers: {
            ...endToEnd(req.headers),
            'x-forwarded-for': req.socket.remoteAddress ?? '',
            'x-forwarded-proto': 'http',
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(res);
          answer.once('end', resolve);
          answer.once('error', () => {
            res.destroy();
            resolve();
          });
        },
      );
      upstream.once('error', () => {
        if (!res.headersSent) {
          res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
          res.end(JSON.stringify(API_UNREACHABLE));
        } else {
          res.destroy();
        }
        resolve();
      });
      // A client that goes away (a closed tab's EventSource) frees the API's side too.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
        resolve();
      });
      req.pipe(upstream);
    });
}
