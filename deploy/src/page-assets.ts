// Page assets (docs/architecture.md §2 "First load", §9): what `pnpm release`
// records of each exposed module's files, and what the deployment document
// names for the versions browsers resolve to, so the host starts the first
// route's remote files as soon as the document arrives instead of learning
// them hop by hop (manifest → remoteEntry.js → chunks).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  FIRST_REQUESTS_FILE,
  isRemoteApp,
  type PageAssets,
  parsePageAssets,
  type Registry,
  type ReleaseApp,
  type VersionedPageAssets,
} from '@stride/shared/releases';
import { withoutTrailingSlashes } from '@stride/shared/url';
import { LRUCache } from 'lru-cache';
import { releasePath, STORE_FILES } from './store';

type FileLists = { sync?: string[]; async?: string[] };

export interface ManifestExpose {
  name?: string;
  assets?: { js?: FileLists; css?: FileLists };
}

/** The part of a build's mf-manifest.json that names its files. */
export interface ManifestFiles {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: ManifestExpose[];
}

/**
 * release.json's `assets`: the entry script and, per exposed module, its
 * sync scripts and style sheets. Not the async ones: those are the page's
 * lazy code (quick add's parser) and the remote's fallback copies of shared
 * packages, which the first render does not load while the host provides
 * them (loaded-first, §2). Undefined for a build with no remote entry (the
 * host), and limited as the host reads them (PAGE_ASSET_LIMITS).
 */
export function pageAssetsOf(manifest: ManifestFiles, requests?: unknown): PageAssets | undefined {
  const remoteEntry = manifest.metaData?.remoteEntry;
  if (!remoteEntry?.name) return undefined;
  // Entry and assets are relative to the build's output folder, which
  // `assetPrefix: 'auto'` makes the remote's public path.
  const folder = withoutTrailingSlashes(remoteEntry.path ?? '');
  return parsePageAssets({
    entry: folder ? `${folder}/${remoteEntry.name}` : remoteEntry.name,
    pages: Object.fromEntries(
      (manifest.exposes ?? []).map((expose) => [
        expose.name,
        [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])],
      ]),
    ),
    requests,
  });
}

/**
 * The pages' first API reads a build copied beside its manifest
 * (FIRST_REQUESTS_FILE); undefined for a remote whose pages name none.
 * A file that is not JSON fails: the remote's build is broken.
 */
export function buildRequests(buildDir: string): unknown {
  const file = join(buildDir, FIRST_REQUESTS_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/**
 * Release folders are immutable, so a version's assets are read once.
 * Failed reads are not kept: a version whose folder is missing may be
 * published later.
 */
const recorded = new LRUCache<string, { assets?: PageAssets }>({ max: 64 });

/** A release's page assets as its release.json records them (none in a release made before they were). */
export function releasePageAssets(
  store: string,
  app: ReleaseApp,
  version: string,
): PageAssets | undefined {
  const dir = releasePath(store, app, version);
  let entry = recorded.get(dir);
  if (!entry) {
    const file = join(dir, STORE_FILES.releaseInfo);
    if (!existsSync(file)) return undefined;
    try {
      const info: unknown = JSON.parse(readFileSync(file, 'utf8'));
      entry = { assets: parsePageAssets((info as { assets?: unknown } | null)?.assets) };
    } catch {
      // Served without them; a broken release.json is the gate's to report.
      return undefined;
    }
    recorded.set(dir, entry);
  }
  return entry.assets;
}

/**
 * The deployment document's `assets`: per managed remote, its live and
 * canary versions' page assets. Not earlier versions: only a tester's
 * override resolves to one, and it just loses the early start.
 */
export function servedPageAssets(store: string, registry: Registry | null): VersionedPageAssets {
  const served: VersionedPageAssets = {};
  for (const [app, entry] of Object.entries(registry?.apps ?? {}) as [
    ReleaseApp,
    Registry['apps'][ReleaseApp],
  ][]) {
    if (!entry || !isRemoteApp(app)) continue;
    const versions: Record<string, PageAssets> = {};
    for (const version of [entry.live, entry.canary?.version]) {
      const assets = version ? releasePageAssets(store, app, version) : undefined;
      if (version && assets) versions[version] = assets;
    }
    if (Object.keys(versions).length > 0) served[app] = versions;
  }
  return served;
}

/** A build's assets by its folder, kept while its manifest's modification time is the same. */
const built = new Map<string, { mtimeMs: number; assets: PageAssets | undefined }>();

/**
 * The page assets of a remote's build folder (its `dist/`, served without
 * releases), read from its mf-manifest.json and read again after a rebuild.
 * None while the folder holds no build.
 */
export function builtPageAssets(distDir: string): PageAssets | undefined {
  const file = join(distDir, 'mf-manifest.json');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const hit = built.get(distDir);
  if (hit?.mtimeMs === mtimeMs) return hit.assets;
  let assets: PageAssets | undefined;
  try {
    assets = pageAssetsOf(
      JSON.parse(readFileSync(file, 'utf8')) as ManifestFiles,
      buildRequests(distDir),
    );
  } catch {
    // A manifest half written by a build in progress: no preloads this time.
    return undefined;
  }
  built.set(distDir, { mtimeMs, assets });
  return assets;
}

/** The plain deployment document's `assets`: per remote, its build's page assets (none for a remote not built). */
export function builtAssetsByRemote(distDirs: Record<string, string>): Record<string, PageAssets> {
  const assets: Record<string, PageAssets> = {};
  for (const [name, dir] of Object.entries(distDirs)) {
    const found = builtPageAssets(dir);
    if (found) assets[name] = found;
  }
  return assets;
}
