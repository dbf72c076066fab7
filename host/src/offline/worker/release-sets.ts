// Pure rules of the service worker's release caches (docs/architecture.md
// §11): which releases it keeps, under which cache names, and
// which files make a release. No worker globals here, so the rules are
// unit-tested in Node.

import { isJsonObject } from '@stride/shared/releases';
import { OFFLINE_LIMITS, RELEASE_CACHE_PREFIX } from '../offline-policy';

/** One remote as a page resolved it: its manifest, and its version (none in a plain deployment). */
export interface ReleaseInUse {
  app: string;
  version: string | null;
  manifest: string;
  /** Its first-render files, from the deployment document (page-assets.ts), relative to the manifest. */
  files: string[];
}

/** What a page tells the worker after boot: the releases it resolved to, and what must go. */
export interface ReleasesMessage {
  type: 'stride:releases';
  /** The API's base URL: nothing under it is ever cached. */
  apiBase: string;
  releases: ReleaseInUse[];
  /** `app@version` of every withdrawn version the document names: evicted even from the previous set. */
  withdrawn: string[];
}

/** A release the worker keeps: its key (`app@version`, or `app@build` unversioned) and its folder. */
export interface KeptRelease {
  key: string;
  app: string;
  /** The folder of its manifest: every file of the release is under it. */
  base: string;
  manifest: string;
  /** False in a plain deployment: its manifest and entry change in place, so they are asked for first. */
  versioned: boolean;
  files: string[];
}

/** The set the pages use now, and the one before it (for a tab still running it). */
export interface ReleaseSets {
  apiBase: string;
  current: KeptRelease[];
  previous: KeptRelease[];
  withdrawn: string[];
}

export const EMPTY_SETS: ReleaseSets = { apiBase: '', current: [], previous: [], withdrawn: [] };

const APP = /^[a-z][a-z_]{0,39}$/;
const VERSION = /^[\w.-]{1,80}$/;
const FILE = /^[\w@+~-][\w.@+~-]*(?:\/[\w@+~-][\w.@+~-]*)*$/;
const KEY = /^[a-z][a-z_]{0,39}@[\w.-]{1,80}$/;

const httpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > OFFLINE_LIMITS.urlLength) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

const relativeFile = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= OFFLINE_LIMITS.urlLength && FILE.test(value);

/** The message, read defensively (any page of the origin may post one), or undefined. */
export function parseReleasesMessage(value: unknown): ReleasesMessage | undefined {
  if (!isJsonObject(value) || value.type !== 'stride:releases' || !httpUrl(value.apiBase)) {
    return undefined;
  }
  if (!Array.isArray(value.releases) || !Array.isArray(value.withdrawn)) return undefined;
  const releases: ReleaseInUse[] = [];
  for (const entry of value.releases.slice(0, OFFLINE_LIMITS.releases)) {
    if (!isJsonObject(entry) || typeof entry.app !== 'string' || !APP.test(entry.app)) continue;
    const version = entry.version;
    if (version !== null && (typeof version !== 'string' || !VERSION.test(version))) continue;
    if (!httpUrl(entry.manifest)) continue;
    const files = Array.isArray(entry.files)
      ? entry.files.slice(0, OFFLINE_LIMITS.filesPerRelease).filter(relativeFile)
      : [];
    releases.push({ app: entry.app, version, manifest: entry.manifest, files });
  }
  const withdrawn = value.withdrawn
    .slice(0, OFFLINE_LIMITS.withdrawn)
    .filter((key): key is string => typeof key === 'string' && KEY.test(key));
  return { type: 'stride:releases', apiBase: value.apiBase, releases, withdrawn };
}

/** The folder of a URL: everything up to its last `/`. */
export const folderOf = (url: string): string => url.slice(0, url.lastIndexOf('/') + 1);

export function keptRelease(release: ReleaseInUse): KeptRelease {
  const base = folderOf(release.manifest);
  return {
    key: `${release.app}@${release.version ?? 'build'}`,
    app: release.app,
    base,
    manifest: release.manifest,
    versioned: release.version !== null,
    files: release.files.map((file) => new URL(file, base).href),
  };
}

const sameKeys = (a: KeptRelease[], b: KeptRelease[]) =>
  a.length === b.length && a.every((release, index) => release.key === b[index]?.key);

/**
 * The sets after a page's message: the same releases refresh the current
 * set; other releases make it the previous one (a promote, a rollback, a
 * canary change, or a browser moved in or out of a canary).
 */
export function nextSets(sets: ReleaseSets, message: ReleasesMessage): ReleaseSets {
  const current = message.releases.map(keptRelease).sort((a, b) => a.key.localeCompare(b.key));
  const withdrawn = new Set(message.withdrawn);
  const previous = sameKeys(current, sets.current) ? sets.previous : sets.current;
  return {
    apiBase: message.apiBase,
    current,
    previous: previous.filter(
      (release) => !withdrawn.has(release.key) && !current.some((now) => now.key === release.key),
    ),
    withdrawn: message.withdrawn,
  };
}

export const cacheNameOf = (key: string): string => `${RELEASE_CACHE_PREFIX}${key}`;

/** Release caches to delete: every one that is neither in the current nor the previous set. */
export function cachesToEvict(sets: ReleaseSets, cacheNames: readonly string[]): string[] {
  const kept = new Set(
    [...sets.current, ...sets.previous].map((release) => cacheNameOf(release.key)),
  );
  return cacheNames.filter((name) => name.startsWith(RELEASE_CACHE_PREFIX) && !kept.has(name));
}

/** The kept release a URL belongs to (the longest matching folder), if any. */
export function releaseOf(sets: ReleaseSets, url: string): KeptRelease | undefined {
  let found: KeptRelease | undefined;
  for (const release of [...sets.current, ...sets.previous]) {
    if (url.startsWith(release.base) && release.base.length > (found?.base.length ?? 0)) {
      found = release;
    }
  }
  return found;
}

/** A plain build's files whose names carry no content hash: asked of the network first. */
export const changesInPlace = (release: KeptRelease, url: string): boolean =>
  !release.versioned && !/\.[0-9a-f]{8,}\.(?:js|css|mjs)$/.test(new URL(url).pathname);

/**
 * Every file a release's pages can load, from its `mf-manifest.json`: the
 * entry; each exposed module's scripts and style sheets, the ones its first
 * render needs and the ones it loads later (an editor, a dialog); and its
 * own copy of each shared library, which it runs when the host has not
 * loaded that library yet (react-hook-form, before a form of the host's).
 * Relative to the manifest's folder; anything else is skipped.
 */
export function manifestFiles(manifest: unknown): string[] {
  if (!isJsonObject(manifest)) return [];
  const files = new Set<string>();
  const add = (value: unknown) => {
    if (relativeFile(value) && files.size < OFFLINE_LIMITS.filesPerRelease) files.add(value);
  };
  const meta = isJsonObject(manifest.metaData) ? manifest.metaData : {};
  const entry = isJsonObject(meta.remoteEntry) ? meta.remoteEntry : {};
  if (typeof entry.name === 'string') {
    add(typeof entry.path === 'string' && entry.path ? `${entry.path}/${entry.name}` : entry.name);
  }
  const modules = [
    ...(Array.isArray(manifest.exposes) ? manifest.exposes : []),
    ...(Array.isArray(manifest.shared) ? manifest.shared : []),
  ];
  for (const module of modules.slice(0, OFFLINE_LIMITS.modules)) {
    const assets = isJsonObject(module) && isJsonObject(module.assets) ? module.assets : {};
    for (const kind of ['js', 'css'] as const) {
      const lists = isJsonObject(assets[kind]) ? assets[kind] : {};
      for (const when of ['sync', 'async'] as const) {
        const list = lists[when];
        if (!Array.isArray(list)) continue;
        for (const file of list.slice(0, OFFLINE_LIMITS.filesPerRelease)) add(file);
      }
    }
  }
  return [...files];
}
