// The two servers of a release deployment (docs/architecture.md §9), used by `pnpm
// start` when the release store holds releases, and by the release e2e spec:
// - the release store, the stand-in CDN (on its own origin, or under the app
//   origin's `/releases/`, docs/architecture.md §3): every file under
//   `<app>/<version>/` immutable for a year, `registry.json` no-store, and
//   nothing else (history, lock, staging) served at all;
// - the app origin: `/app-config.json` is the registry (with this
//   deployment's API and store URLs, and its own builds for remotes the
//   registry does not manage yet), `/host/<version>/…` the host release's
//   assets, and every other path the live host's `index.html` (or host/dist
//   while no host release is live); every answer with the page's security
//   headers, computed from that same `/app-config.json`.
import type { Server } from 'node:http';
import { join } from 'node:path';
import {
  isReleaseFile,
  readRegistry,
  releasePath,
  STORE_FILES,
  servedPageAssets,
} from '@stride/deploy';
import { pageSecurityHeaders } from '@stride/shared/page-headers';
import type { Registry } from '@stride/shared/releases';
import { DEPLOYMENT_DOCUMENT_PATH } from '@stride/shared/topology';
import { type Mount, routeByPath } from './one-origin';
import { type ServerPageSources, serverPage, warmPageBundles } from './server-pages';
import { createStaticHandler, listen, type StaticHandler } from './static-server';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function storeCacheControl(relativePath: string): string {
  return relativePath === STORE_FILES.registry ? 'no-store' : IMMUTABLE;
}

export function storeHidden(relativePath: string): boolean {
  return relativePath !== STORE_FILES.registry && !isReleaseFile(relativePath);
}

/** The store's files by their path in the store: what its own origin, or `/releases/` of the page's, answers. */
export function releaseStoreHandler(storeDir: string): StaticHandler {
  return createStaticHandler({
    root: storeDir,
    cacheControl: storeCacheControl,
    hidden: storeHidden,
  });
}

export function startReleaseStore(storeDir: string, port: number): Promise<Server> {
  return listen(releaseStoreHandler(storeDir), port);
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
  /** The build folders of this deployment's own remotes, whose pages it may send as HTML. */
  localDists?: Record<string, string>;
  /** Where a broken registry is reported. */
  onError?: (message: string) => void;
  /** Paths of this origin served by other parts: the store, local remotes, the API (one-origin.ts). */
  mounts?: readonly Mount[];
}

export function startAppServer(options: AppServerOptions): Promise<Server> {
  const { storeDir, onError = () => {} } = options;
  const storeFiles = releaseStoreHandler(storeDir);
  // Made per request: the page's HTML follows this request's registry.
  const hostPages = (root: string, document: Registry) => {
    const sources: ServerPageSources = {
      document: () => document,
      // A managed remote's page comes from its release; another from this deployment's build.
      buildDir: (remote, files) =>
        files.version && document.apps[remote as keyof Registry['apps']]
          ? releasePath(storeDir, remote, files.version)
          : options.localDists?.[remote],
    };
    return createStaticHandler({
      root,
      spa: true,
      page: (req, urlPath) => serverPage(sources, root, req, urlPath),
    });
  };

  const app: StaticHandler = async (req, res, urlPath = '/') => {
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
    const document: Registry = {
      apps: registry?.apps ?? {},
      apiBase: options.apiBase,
      releaseBase: options.releaseBase,
      remotes: options.localRemotes,
      // So a tester's override of a withdrawn version is refused by name, not as unknown.
      ...(registry?.withdrawn ? { withdrawn: registry.withdrawn } : {}),
      assets: servedPageAssets(storeDir, registry),
    };
    for (const [name, value] of Object.entries(pageSecurityHeaders(document))) {
      res.setHeader(name, value);
    }
    if (urlPath === DEPLOYMENT_DOCUMENT_PATH) {
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
    return hostPages(root, document)(req, res, urlPath);
  };
  warmLiveBundles(options);
  return listen(routeByPath(options.mounts ?? [], app), options.port);
}

/** The live releases' server bundles, loaded as the server starts (server-pages.ts). */
function warmLiveBundles({ storeDir, localDists = {} }: AppServerOptions): void {
  let apps: Registry['apps'] = {};
  try {
    apps = readRegistry(storeDir)?.apps ?? {};
  } catch {
    // A broken registry is reported by the first request.
  }
  const live = Object.entries(apps).flatMap(([app, state]) =>
    state?.live ? [releasePath(storeDir, app, state.live)] : [],
  );
  warmPageBundles([...live, ...Object.values(localDists)]);
}
