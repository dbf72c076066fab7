// The two servers of a release deployment (design.md §9), used by `pnpm
// start` when the release store holds releases, and by the release e2e spec:
// - the release store on its own origin, the stand-in CDN: every file under
//   `<app>/<version>/` immutable for a year, `registry.json` no-store, and
//   nothing else (history, lock, staging) served at all;
// - the app origin: `/app-config.json` is the registry (with this
//   deployment's API and store URLs, and its own builds for remotes the
//   registry does not manage yet), `/host/<version>/…` the host release's
//   assets, and every other path the live host's `index.html` (or host/dist
//   while no host release is live).
import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import {
  isReleaseApp,
  isReleaseVersion,
  parseRegistry,
  type Registry,
} from '@stride/shared/releases';
import { createStaticHandler, listen, type StaticHandler } from './static-server.mjs';

export const REGISTRY_FILE = 'registry.json';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `<app>/<version>/…` with a known app and a well-formed version: the only files a store serves. */
function isReleaseFile(relativePath: string): boolean {
  const [app, version, ...rest] = relativePath.split('/');
  return isReleaseApp(app) && isReleaseVersion(version) && rest.length > 0;
}

export function storeCacheControl(relativePath: string): string {
  return relativePath === REGISTRY_FILE ? 'no-store' : IMMUTABLE;
}

export function storeHidden(relativePath: string): boolean {
  return relativePath !== REGISTRY_FILE && !isReleaseFile(relativePath);
}

/** The registry as stored, or null when the store has none (or a broken one: the caller says so). */
export function readRegistry(storeDir: string): Registry | null {
  const file = join(storeDir, REGISTRY_FILE);
  if (!existsSync(file)) return null;
  return parseRegistry(JSON.parse(readFileSync(file, 'utf8')));
}

/** True when the store's registry has a live version of at least one app. */
export function hasReleases(storeDir: string): boolean {
  try {
    return Object.keys(readRegistry(storeDir)?.apps ?? {}).length > 0;
  } catch {
    // A broken registry still means "release mode": the app origin then says what is wrong.
    return existsSync(join(storeDir, REGISTRY_FILE));
  }
}

export function startReleaseStore(storeDir: string, port: number): Promise<Server> {
  return listen(
    createStaticHandler({ root: storeDir, cacheControl: storeCacheControl, hidden: storeHidden }),
    port,
  );
}

export interface AppServerOptions {
  storeDir: string;
  port: number;
  /** This deployment's API and release store, written over the stored values. */
  apiBase: string;
  releaseBase: string;
  /** Manifest URLs of this deployment's own remote builds, for remotes the registry does not manage. */
  localRemotes: Record<string, string>;
  /** The host build served while no host release is live. */
  hostDist: string;
  /** Where a broken registry is reported. */
  onError?: (message: string) => void;
}

export function startAppServer(options: AppServerOptions): Promise<Server> {
  const { storeDir, onError = () => {} } = options;
  const storeFiles = createStaticHandler({
    root: storeDir,
    cacheControl: storeCacheControl,
    hidden: storeHidden,
  });
  const hostRoots = new Map<string, StaticHandler>();
  const hostPages = (root: string) => {
    let handler = hostRoots.get(root);
    if (!handler) {
      handler = createStaticHandler({ root, spa: true });
      hostRoots.set(root, handler);
    }
    return handler;
  };

  return listen(async (req, res) => {
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    let registry: Registry | null;
    try {
      registry = readRegistry(storeDir);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      onError(message);
      res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ error: message, code: 'registry_unreadable' }));
      return;
    }
    if (urlPath === '/app-config.json') {
      const document: Registry = {
        apps: registry?.apps ?? {},
        apiBase: options.apiBase,
        releaseBase: options.releaseBase,
        remotes: options.localRemotes,
      };
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(document));
      return;
    }
    if (urlPath.startsWith('/host/')) return storeFiles(req, res, urlPath);
    const liveHost = registry?.apps.host?.live;
    const root = liveHost ? join(storeDir, 'host', liveHost) : options.hostDist;
    return hostPages(root)(req, res, urlPath);
  }, options.port);
}
