/**
 * The offline layer's names and numbers (docs/architecture.md §11), read by
 * the service worker and by the page that talks to it.
 */

import { paths } from '@stride/shared/paths';

/** Where the worker is served: the root, so its scope is every page of the origin. */
export const SERVICE_WORKER_URL = '/sw.js';

/** What a page posts to a waiting worker to let it take over (register-worker.ts, worker/sw.ts). */
export const SKIP_WAITING_MESSAGE = { type: 'stride:skip-waiting' } as const;

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

/** The page's IndexedDB store (offline-store.ts), which the worker reads too (the last screen). */
export const OFFLINE_DATABASE = 'stride-offline';
export const OFFLINE_STORE = 'data';
/** In it: `{ user }`, the user last signed in on this browser. */
export const SESSION_KEY = 'session';

/**
 * The last screen (docs/architecture.md §11, "The last screen"): what the
 * user saw on each of these pages as they left it, shown at the next
 * visit's first paint until the app has drawn the page itself.
 */
export const LAST_SCREEN = {
  /** The pages whose screen is kept: each is one screen, whatever it holds. */
  paths: [paths.dashboard, paths.goals, paths.tasks] as readonly string[],
  /** The element the worker puts the screen in, above the app's root. */
  elementId: 'last-screen',
  /** On `<style>`s the worker adds with the screen: removed with it. */
  styleAttribute: 'data-last-screen',
  /** On an element of the app that a kept screen must leave out (toasts, the offline banner). */
  omitAttribute: 'data-last-screen-omit',
  /** Bounds: a screen bigger than this is not kept; style sheets past these are linked, not inlined. */
  maxHtmlChars: 400_000,
  /** A page with more elements is not pictured (the picture is taken as the page is hidden). */
  maxElements: 20_000,
  /** How much of the page from its top is kept, in screen heights: what the next visit shows first. */
  screensKept: 1.25,
  maxStyleSheets: 24,
  maxStyleChars: 400_000,
  /**
   * The `rel` the web app manifest's link has while the screen is up: the
   * browser would otherwise fetch the manifest and its icon before the
   * first paint, for an install offer that can wait for the app.
   */
  heldManifestRel: 'stride-held-manifest',
  /** Shown at most this long: a page that never draws (a remote down) takes over from its fallback. */
  maxShownMs: 4_000,
} as const;

/** Spread on an element of the app that a kept screen leaves out. */
export const OMIT_FROM_LAST_SCREEN = { [LAST_SCREEN.omitAttribute]: '' } as const;

export const lastScreenKey = (path: string) => `screen:${path}`;

/**
 * One kept screen. `day` is the local date it was drawn on: a screen from
 * another day would say "Today" of the wrong day, so it is not shown.
 */
export interface LastScreen {
  userId: string;
  path: string;
  search: string;
  day: string;
  html: string;
  theme: string | null;
  styleSheets: string[];
}
