import { withoutTrailingSlashes } from '../url';
import { isJsonObject } from './json-object';
import { parseVersionedPageAssets, type VersionedPageAssets } from './page-assets';
import { isReleaseApp, type ReleaseApp } from './release-apps';
import { isReleaseVersion } from './version';

/**
 * The registry (docs/architecture.md §9): the one mutable document of a release store.
 * It says, per app, which version is live, which is in canary and for what
 * share of browsers, and which versions were live before (newest first, the
 * rollback path). The host reads it at boot; `pnpm registry` rewrites it.
 * `parseRegistry` is the one validator, used on read and on write.
 */
export interface CanaryRelease {
  version: string;
  /** Share of browsers, 1–99, that load the canary instead of the live version. */
  percent: number;
}

export interface AppReleases {
  live: string;
  canary: CanaryRelease | null;
  /** Earlier live versions, newest first; `rollback` takes the first. */
  previous: string[];
}

export interface Registry {
  apiBase: string;
  /** Where the release store is served: a manifest is `{releaseBase}/{app}/{version}/mf-manifest.json`. */
  releaseBase: string;
  apps: Partial<Record<ReleaseApp, AppReleases>>;
  /**
   * Manifest URLs of remotes the registry does not manage yet (a local
   * deployment adds its own builds here); a registry entry always wins.
   */
  remotes?: Record<string, string>;
  /**
   * Versions withdrawn for a known defect, per app, oldest first: never live,
   * canary or an earlier live version again, so no browser is served one —
   * not even by a tester's override. Who withdrew each and why is in the history.
   */
  withdrawn?: Partial<Record<ReleaseApp, string[]>>;
  /**
   * Per remote, the page assets of the versions a browser can resolve to
   * (live and canary), added by the server of the document (page-assets.ts).
   */
  assets?: VersionedPageAssets;
}

export const CANARY_PERCENT = { min: 1, max: 99 } as const;
/** How many earlier live versions the registry keeps per app. */
export const PREVIOUS_KEPT = 10;
/** How many withdrawn versions the registry keeps per app (the document every browser reads at boot stays small). */
export const WITHDRAWN_KEPT = 50;

export class RegistryError extends Error {
  override name = 'RegistryError';
}

const HTTP_URL = /^https?:\/\/[^\s]+$/;

function fail(path: string, problem: string): never {
  throw new RegistryError(`registry.json: ${path} ${problem}`);
}

function httpUrl(value: unknown, path: string): string {
  if (typeof value !== 'string' || !HTTP_URL.test(value)) fail(path, 'must be an http(s) URL');
  return withoutTrailingSlashes(value);
}

function version(value: unknown, path: string): string {
  if (!isReleaseVersion(value))
    fail(path, `must be a release version, got ${JSON.stringify(value)}`);
  return value;
}

function canary(value: unknown, path: string, live: string): CanaryRelease | null {
  if (value === null || value === undefined) return null;
  if (!isJsonObject(value)) fail(path, 'must be an object or null');
  const canaryVersion = version(value.version, `${path}.version`);
  const { percent } = value;
  if (
    typeof percent !== 'number' ||
    !Number.isInteger(percent) ||
    percent < CANARY_PERCENT.min ||
    percent > CANARY_PERCENT.max
  ) {
    fail(
      `${path}.percent`,
      `must be a whole number from ${CANARY_PERCENT.min} to ${CANARY_PERCENT.max}`,
    );
  }
  if (canaryVersion === live) fail(`${path}.version`, 'is the live version');
  return { version: canaryVersion, percent };
}

function previous(value: unknown, path: string, live: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(path, 'must be a list of versions');
  if (value.length > PREVIOUS_KEPT) fail(path, `keeps at most ${PREVIOUS_KEPT} versions`);
  const versions = value.map((entry, index) => version(entry, `${path}[${index}]`));
  if (new Set(versions).size !== versions.length) fail(path, 'lists a version twice');
  if (versions.includes(live)) fail(path, 'lists the live version');
  return versions;
}

function appReleases(value: unknown, path: string): AppReleases {
  if (!isJsonObject(value)) fail(path, 'must be an object');
  const live = version(value.live, `${path}.live`);
  return {
    live,
    canary: canary(value.canary, `${path}.canary`, live),
    previous: previous(value.previous, `${path}.previous`, live),
  };
}

/** `withdrawn`: per app, distinct versions, none of them live, canary or an earlier live one. */
function withdrawn(value: unknown, apps: Registry['apps']): Registry['withdrawn'] {
  if (!isJsonObject(value)) fail('"withdrawn"', 'must be an object');
  const result: Registry['withdrawn'] = {};
  for (const [name, list] of Object.entries(value)) {
    const path = `withdrawn.${name}`;
    if (!isReleaseApp(name)) fail(path, 'is not an app of Stride');
    if (!Array.isArray(list)) fail(path, 'must be a list of versions');
    if (list.length > WITHDRAWN_KEPT) fail(path, `keeps at most ${WITHDRAWN_KEPT} versions`);
    const versions = list.map((entry, index) => version(entry, `${path}[${index}]`));
    if (new Set(versions).size !== versions.length) fail(path, 'lists a version twice');
    const entry = apps[name];
    for (const served of entry ? [entry.live, entry.canary?.version, ...entry.previous] : []) {
      if (served !== undefined && versions.includes(served)) {
        fail(path, `lists ${served}, which apps.${name} still serves`);
      }
    }
    result[name] = versions;
  }
  return result;
}

/** Validates an untrusted registry document; throws a `RegistryError` naming the first problem. */
export function parseRegistry(value: unknown): Registry {
  if (!isJsonObject(value)) fail('the document', 'must be a JSON object');
  const apps: Registry['apps'] = {};
  if (!isJsonObject(value.apps)) fail('"apps"', 'must be an object');
  for (const [name, entry] of Object.entries(value.apps)) {
    if (!isReleaseApp(name)) fail(`apps.${name}`, 'is not an app of Stride');
    apps[name] = appReleases(entry, `apps.${name}`);
  }
  const registry: Registry = {
    apiBase: httpUrl(value.apiBase, '"apiBase"'),
    releaseBase: httpUrl(value.releaseBase, '"releaseBase"'),
    apps,
  };
  if (value.remotes !== undefined) {
    if (!isJsonObject(value.remotes)) fail('"remotes"', 'must be an object');
    registry.remotes = Object.fromEntries(
      Object.entries(value.remotes).map(([name, url]) => [name, httpUrl(url, `remotes.${name}`)]),
    );
  }
  if (value.withdrawn !== undefined) registry.withdrawn = withdrawn(value.withdrawn, apps);
  // Lenient, unlike the rest: without them the page loads all the same, only later.
  if (value.assets !== undefined) registry.assets = parseVersionedPageAssets(value.assets);
  return registry;
}

/** True when `version` of `app` was withdrawn: nothing may serve it. */
export function isWithdrawn(
  registry: Pick<Registry, 'withdrawn'>,
  app: ReleaseApp,
  version: string,
): boolean {
  return registry.withdrawn?.[app]?.includes(version) ?? false;
}

/** True for a document meant as a registry (it has `apps`), as opposed to a plain app config. */
export function isRegistryDocument(value: unknown): boolean {
  return isJsonObject(value) && 'apps' in value;
}

/** Where an app's release lives in the store. */
export function releaseUrl(
  registry: Pick<Registry, 'releaseBase'>,
  app: string,
  version: string,
): string {
  return `${registry.releaseBase}/${app}/${version}`;
}

export function manifestUrl(
  registry: Pick<Registry, 'releaseBase'>,
  app: string,
  version: string,
): string {
  return `${releaseUrl(registry, app, version)}/mf-manifest.json`;
}
