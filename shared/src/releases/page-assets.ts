import type { RemoteName } from '../topology';
import { isJsonObject } from './json-object';
import { isReleaseApp, isRemoteApp } from './release-apps';
import { isReleaseVersion } from './version';

/**
 * A remote release's page assets (docs/architecture.md §2 "First load", §9):
 * its entry script and, per exposed module, the scripts and style sheets the
 * module's first render loads. `pnpm release` records them in release.json
 * from the build's manifest; the deployment document names them for the
 * versions a browser can resolve to, so the host can start the first
 * route's files before it has run. Paths are relative to the release's
 * folder, the folder of its `mf-manifest.json`.
 *
 * Read leniently: a preload only saves time, the page loads without it, so
 * an entry that is malformed or over a limit is dropped, never fatal.
 */
export interface PageAssets {
  /** The remote's entry script (`remoteEntry.js`). */
  entry: string;
  /** Per exposed module (`TasksPage`), its first render's files, in the manifest's order. */
  pages: Record<string, string[]>;
  /**
   * Per exposed module, the API reads its first render makes when its URL
   * has no query string (`/tasks/?sort=position&limit=50`), relative to the
   * API base: the remote's `first-requests.json`, which its page test checks
   * against what the page really asks. The host starts them once the
   * session check says the page will show (docs/architecture.md §2).
   */
  requests?: Record<string, string[]>;
}

/**
 * A remote's first reads per page, as its source keeps them
 * (`src/pages/first-requests.json`, checked by each page's test) and as its
 * build copies them beside its `mf-manifest.json` for `pnpm release`.
 */
export const FIRST_REQUESTS_FILE = 'first-requests.json';

/** Bounds on what a document every browser reads at boot may carry. */
export const PAGE_ASSET_LIMITS = {
  /** Exposed modules per release (the auth remote exposes five). */
  pages: 16,
  /** Files per page: a page over it is dropped whole, never preloaded in part. */
  files: 24,
  pathLength: 200,
  /** API reads per page that the host starts early. */
  requests: 8,
  /** Versions per app in a document (live and canary are two). */
  versions: 4,
} as const;

// Folder names and file names of a build: no segment starts with a dot (so
// no `..`), no scheme, query or leading slash. Segments are split by `/`,
// which no class holds, so the match is linear.
const ASSET_PATH = /^[\w@+~-][\w.@+~-]*(?:\/[\w@+~-][\w.@+~-]*)*$/;
const PAGE_NAME = /^[A-Za-z_$][\w$]*$/;
// An API read below the API base: a path of plain segments and an optional
// query of plain characters; no `..` segment, no `//`, no scheme, no
// fragment. Each part is one class repeated, so the match is linear.
const API_READ = /^\/(?:[\w~-][\w.~-]*\/)*(?:[\w~-][\w.~-]*)?(?:\?[\w.~%=&,:+-]*)?$/;

/** An API read a page's first render makes: a path under the API base. */
export function isApiRead(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= PAGE_ASSET_LIMITS.pathLength &&
    API_READ.test(value)
  );
}

function pageRequests(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > PAGE_ASSET_LIMITS.requests) return undefined;
  return value.every(isApiRead) ? [...(value as string[])] : undefined;
}

/** A path inside a release folder, of one of the given kinds (`.js`, `.css`). */
export function isAssetPath(value: unknown, endings: readonly string[]): value is string {
  return (
    typeof value === 'string' &&
    value.length <= PAGE_ASSET_LIMITS.pathLength &&
    ASSET_PATH.test(value) &&
    endings.some((ending) => value.endsWith(ending))
  );
}

function pageFiles(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > PAGE_ASSET_LIMITS.files) {
    return undefined;
  }
  return value.every((file) => isAssetPath(file, ['.js', '.css']))
    ? (value as string[])
    : undefined;
}

/** One release's page assets, or undefined when there is no usable entry script. */
export function parsePageAssets(value: unknown): PageAssets | undefined {
  if (!isJsonObject(value) || !isAssetPath(value.entry, ['.js']) || !isJsonObject(value.pages)) {
    return undefined;
  }
  const pages: Record<string, string[]> = {};
  for (const [name, files] of Object.entries(value.pages).slice(0, PAGE_ASSET_LIMITS.pages)) {
    const valid = PAGE_NAME.test(name) ? pageFiles(files) : undefined;
    if (valid) pages[name] = [...valid];
  }
  const requests: Record<string, string[]> = {};
  if (isJsonObject(value.requests)) {
    for (const [name, reads] of Object.entries(value.requests).slice(0, PAGE_ASSET_LIMITS.pages)) {
      const valid = name in pages ? pageRequests(reads) : undefined;
      if (valid && valid.length > 0) requests[name] = valid;
    }
  }
  return {
    entry: value.entry,
    pages,
    ...(Object.keys(requests).length > 0 ? { requests } : {}),
  };
}

/** Per remote, something read by `read`; other names and unreadable entries are dropped. */
function perRemote<T>(value: unknown, read: (entry: unknown) => T | undefined) {
  const result: Partial<Record<RemoteName, T>> = {};
  if (!isJsonObject(value)) return result;
  for (const [app, entry] of Object.entries(value)) {
    if (!isReleaseApp(app) || !isRemoteApp(app)) continue;
    const parsed = read(entry);
    if (parsed !== undefined) result[app] = parsed;
  }
  return result;
}

/** The registry document's `assets`: per remote, per version, that version's page assets. */
export type VersionedPageAssets = Partial<Record<RemoteName, Record<string, PageAssets>>>;

export function parseVersionedPageAssets(value: unknown): VersionedPageAssets {
  return perRemote(value, (versions) => {
    if (!isJsonObject(versions)) return undefined;
    const result: Record<string, PageAssets> = {};
    for (const [version, assets] of Object.entries(versions).slice(0, PAGE_ASSET_LIMITS.versions)) {
      const parsed = isReleaseVersion(version) ? parsePageAssets(assets) : undefined;
      if (parsed) result[version] = parsed;
    }
    return Object.keys(result).length > 0 ? result : undefined;
  });
}

/** A plain deployment's `assets` (`{ apiBase, remotes, assets }`): per remote, one build's page assets. */
export function parseRemotePageAssets(value: unknown): Partial<Record<RemoteName, PageAssets>> {
  return perRemote(value, parsePageAssets);
}
