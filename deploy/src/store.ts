// The release store (docs/architecture.md §9): a folder laid out as a CDN bucket.
//   registry.json              the one mutable document
//   history.jsonl              one line per registry change
//   <app>/<version>/           an immutable release: built files + release.json
//   .staging/, registry.lock   work in progress, never served
// Every path of the store is named here; the commands, `pnpm start` and the
// e2e specs all go through this module.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  compareVersions,
  isReleaseApp,
  isReleaseVersion,
  parseRegistry,
  type Registry,
  RegistryError,
} from '@stride/shared/releases';
import { RELEASE_STORE } from '@stride/shared/topology';

type Env = Record<string, string | undefined>;

/** The repository root: `RELEASE_DIR` is read relative to it, wherever a command runs. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const STORE_FILES = {
  registry: 'registry.json',
  history: 'history.jsonl',
  lock: 'registry.lock',
  staging: '.staging',
  releaseInfo: 'release.json',
} as const;

/** The release store folder: `RELEASE_DIR` (relative to the repo root) or `.releases/`. */
export function releaseStoreDir(env: Env): string {
  return resolve(ROOT, env[RELEASE_STORE.dirEnv] || RELEASE_STORE.dir);
}

export function registryPath(store: string): string {
  return join(store, STORE_FILES.registry);
}

export function releasePath(store: string, app: string, version: string): string {
  return join(store, app, version);
}

/** `<app>/<version>/…` with a known app and a well-formed version: the only files a store serves. */
export function isReleaseFile(relativePath: string): boolean {
  const [app, version, ...rest] = relativePath.split('/');
  return isReleaseApp(app) && isReleaseVersion(version) && rest.length > 0 && rest.at(-1) !== '';
}

/** Published versions of an app, oldest first: release folders that hold a release.json. */
export function publishedVersions(store: string, app: string): string[] {
  const dir = join(store, app);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isReleaseVersion(entry.name))
    .filter((entry) => existsSync(join(dir, entry.name, STORE_FILES.releaseInfo)))
    .map((entry) => entry.name)
    .sort(compareVersions);
}

/** The registry as stored, or null when the store has none; throws on a broken one. */
export function readRegistry(store: string): Registry | null {
  const file = registryPath(store);
  if (!existsSync(file)) return null;
  return parseRegistry(parseJson(readFileSync(file, 'utf8')));
}

/** True when the store's registry exists: `pnpm start` then serves the store's live releases. */
export function hasReleases(store: string): boolean {
  try {
    return Object.keys(readRegistry(store)?.apps ?? {}).length > 0;
  } catch {
    // A broken registry still means "release mode": the app origin then says what is wrong.
    return existsSync(registryPath(store));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RegistryError(`registry.json: not valid JSON (${reason})`);
  }
}
