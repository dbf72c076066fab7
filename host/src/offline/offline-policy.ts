/**
 * The offline layer's names and numbers (docs/architecture.md §11), read by
 * the service worker and by the page that talks to it.
 */

/** Where the worker is served: the root, so its scope is every page of the origin. */
export const SERVICE_WORKER_URL = '/sw.js';

/** Cache Storage names. Release caches are `stride-release:<app>@<version>` (`@build` unversioned). */
export const RELEASE_CACHE_PREFIX = 'stride-release:';
export const PAGES_CACHE = 'stride-pages';
export const META_CACHE = 'stride-meta';
/** In META_CACHE: `{ page, releases }`, what the worker holds whole after a page's last word. */
export const KEPT_PATH = '/__stride/kept';

/**
 * How long a navigation or the deployment document may take over the
 * network before the worker answers from its cache. Short, so a weak
 * connection still opens the app; the network's answer still refreshes the
 * cache for the next load.
 */
export const NETWORK_TIMEOUT_SECONDS = 3;

/** Bounds on what a page may ask the worker to keep. */
export const OFFLINE_LIMITS = {
  releases: 8,
  filesPerRelease: 200,
  /** Exposed modules and shared libraries read from one manifest. */
  modules: 48,
  withdrawn: 64,
  urlLength: 600,
  /** Files of one release fetched at once while it is cached. */
  parallelFetches: 4,
} as const;
