// The service worker (docs/architecture.md §11). Built on its own
// by the host's build (service-worker-plugin.ts) to /sw.js. It shows
// reminders that come by Web Push (reminder-notifications.ts), and keeps:
// - the host's own files, precached from the list the build writes in;
// - the files of the remote releases this browser's pages resolved to (they
//   say which after each boot), cache-first, as releases never change;
// - the last pages and deployment document, asked of the network first with
//   a short timeout, so a promote or a rollback reaches the next load online
//   and the app still opens offline.
// API answers are never cached here: a user's data lives in the page's
// IndexedDB store, under that user (persisted-queries.ts). The worker reads
// one thing of it: the last screen of the page asked for, to put on the
// first paint (last-screen-html.ts).

import { readReminderNotice, reminderNotification } from '@stride/shared/reminders';
import { DEPLOYMENT_DOCUMENT_PATH } from '@stride/shared/topology';
import { createStore, get } from 'idb-keyval';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import {
  KEPT_PATH,
  LAST_SCREEN,
  type LastScreen,
  lastScreenKey,
  META_CACHE,
  NETWORK_TIMEOUT_SECONDS,
  OFFLINE_DATABASE,
  OFFLINE_LIMITS,
  OFFLINE_STORE,
  PAGES_CACHE,
  SESSION_KEY,
  SKIP_WAITING_MESSAGE,
} from '../offline-policy';
import {
  type AfterPaintDocument,
  type ScreenStyle,
  screenFits,
  withLastScreen,
  withScriptHash,
} from './last-screen-html';
import {
  cacheNameOf,
  cachesToEvict,
  changesInPlace,
  EMPTY_SETS,
  type KeptRelease,
  manifestFiles,
  nextSets,
  parseReleasesMessage,
  type ReleaseSets,
  releaseOf,
} from './release-sets';
import { actionRequest, reminderOfPush } from './reminder-notifications';

declare const self: ServiceWorkerGlobalScope;
declare const __STRIDE_PRECACHE__: PrecacheEntry[];
declare const __STRIDE_AFTER_PAINT_DOCUMENT__: AfterPaintDocument | null;

// A new worker (a new host release) waits until a page asks it to take over,
// which the page does as it loads (register-worker.ts): an open tab keeps the
// worker it started with until its next navigation.
self.addEventListener('message', (event) => {
  if (event.data?.type === SKIP_WAITING_MESSAGE.type) void self.skipWaiting();
});
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(__STRIDE_PRECACHE__);

// ---- The release sets, kept across the worker's restarts in a small cache.

const SETS_KEY = new URL('/__stride/release-sets', self.location.href).href;
let sets: Promise<ReleaseSets> | undefined;

function readSets(): Promise<ReleaseSets> {
  sets ??= caches
    .open(META_CACHE)
    .then((cache) => cache.match(SETS_KEY))
    .then((response) => (response ? (response.json() as Promise<ReleaseSets>) : EMPTY_SETS))
    .catch(() => EMPTY_SETS);
  return sets;
}

async function writeSets(next: ReleaseSets): Promise<void> {
  sets = Promise.resolve(next);
  const cache = await caches.open(META_CACHE);
  await cache.put(SETS_KEY, new Response(JSON.stringify(next)));
}

/**
 * What is whole on this device after a page's word: the page, and the
 * releases every file of which is kept. A page may read it from Cache
 * Storage (`KEPT_KEY` in `META_CACHE`) to know the app opens offline.
 */
async function writeKept(kept: { page: boolean; releases: string[] }): Promise<void> {
  const cache = await caches.open(META_CACHE);
  await cache.put(new URL(KEPT_PATH, self.location.href).href, new Response(JSON.stringify(kept)));
}

// ---- Pages and the deployment document: network first, the cache offline.

// One entry per top-level route: the server sends every client-rendered
// path the same document (a goal's page is `/goals`'s), so the cache stays
// a handful of pages however many goals are opened.
const byRoute = {
  cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    return `${url.origin}/${url.pathname.split('/')[1] ?? ''}`;
  },
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [byRoute],
});

/** Offline, on a page never opened here: any page the app has cached (the app routes itself). */
async function anyCachedPage(): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  for (const request of (await cache.keys()).slice(0, 100)) {
    if (new URL(request.url).pathname.endsWith('.json')) continue;
    const response = await cache.match(request);
    if (response) return response;
  }
  return Response.error();
}

// ---- The last screen (docs/architecture.md §11): what the user saw as they
// left this page, put on the first paint until the app has drawn it anew.

const offlineStore = createStore(OFFLINE_DATABASE, OFFLINE_STORE);

/** A style sheet's text from the caches (the host's precache, the releases'), when held there. */
async function styleTextOf(href: string): Promise<string | undefined> {
  const cached = await caches.match(href);
  return cached?.ok ? cached.text() : undefined;
}

/** The screen to show at this navigation, with its style sheets, if one fits (screenFits). */
async function lastScreenFor(
  url: URL,
): Promise<{ screen: LastScreen; styles: ScreenStyle[] } | null> {
  const [saved, screen] = await Promise.all([
    get<{ user?: { id: string; timezone?: string | null } }>(SESSION_KEY, offlineStore),
    get<LastScreen>(lastScreenKey(url.pathname), offlineStore),
  ]);
  if (
    !screen ||
    !screenFits(screen, { path: url.pathname, search: url.search, user: saved?.user })
  ) {
    return null;
  }
  const hrefs = screen.styleSheets.slice(0, LAST_SCREEN.maxStyleSheets);
  const texts = await Promise.all(hrefs.map((href) => styleTextOf(href).catch(() => undefined)));
  let room = LAST_SCREEN.maxStyleChars;
  const styles = hrefs.map((href, index): ScreenStyle => {
    const text = texts[index];
    if (text === undefined || text.length > room) return { href };
    room -= text.length;
    return { href, text };
  });
  return { screen, styles };
}

async function showingLastScreen(
  response: Response,
  found: Promise<{ screen: LastScreen; styles: ScreenStyle[] } | null>,
): Promise<Response> {
  if (!response.ok || !response.headers.get('content-type')?.includes('text/html')) {
    return response;
  }
  try {
    const last = await found;
    if (!last) return response;
    const html = withLastScreen(
      await response.clone().text(),
      last.screen,
      last.styles,
      __STRIDE_AFTER_PAINT_DOCUMENT__,
    );
    if (html === null) return response;
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    const policy = headers.get('content-security-policy');
    if (policy && __STRIDE_AFTER_PAINT_DOCUMENT__) {
      headers.set(
        'content-security-policy',
        withScriptHash(policy, __STRIDE_AFTER_PAINT_DOCUMENT__.boot.hash),
      );
    }
    return new Response(html, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  } catch {
    return response; // the screen is a nicety: the page is sent as it came
  }
}

registerRoute(
  new NavigationRoute(
    async (options) => {
      // Read beside the network's answer, not after it.
      const found = lastScreenFor(options.url).catch(() => null);
      let response: Response;
      try {
        response = await pages.handle(options);
      } catch {
        response = await anyCachedPage();
      }
      return showingLastScreen(response, found);
    },
    { denylist: [/^\/api\//] },
  ),
);

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === DEPLOYMENT_DOCUMENT_PATH,
  pages,
);

// ---- Remote releases' files.

const strategies = new Map<string, Strategy>();
function strategyFor(release: KeptRelease, url: string): Strategy {
  const inPlace = changesInPlace(release, url);
  const id = `${release.key} ${inPlace}`;
  let strategy = strategies.get(id);
  if (!strategy) {
    const options = {
      cacheName: cacheNameOf(release.key),
      // 0: a remote on another origin, loaded by a script tag without CORS.
      plugins: [new CacheableResponsePlugin({ statuses: [0, 200] })],
    };
    strategy = inPlace
      ? new NetworkFirst({ ...options, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS })
      : new CacheFirst(options);
    strategies.set(id, strategy);
  }
  return strategy;
}

const RELEASE_DESTINATIONS = new Set(['script', 'style', 'font', 'image']);

registerRoute(
  ({ request, url }) =>
    request.method === 'GET' &&
    (RELEASE_DESTINATIONS.has(request.destination) || url.pathname.endsWith('/mf-manifest.json')),
  async ({ request, event }) => {
    const release = releaseOf(await readSets(), request.url);
    return release ? strategyFor(release, request.url).handle({ request, event }) : fetch(request);
  },
);

// ---- A page's word on the releases it runs: keep those, drop the rest.

async function manifestOf(release: KeptRelease, cache: Cache): Promise<unknown> {
  const cached = release.versioned ? await cache.match(release.manifest) : undefined;
  const response = cached ?? (await fetch(release.manifest, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`${release.manifest} answered ${response.status}`);
  if (!cached) await cache.put(release.manifest, response.clone());
  return response.json();
}

/** Puts every file of a release in its cache; a plain build's cache loses the files it no longer has. */
async function keepFiles(release: KeptRelease): Promise<void> {
  const cache = await caches.open(cacheNameOf(release.key));
  const fromManifest = manifestFiles(await manifestOf(release, cache)).map(
    (file) => new URL(file, release.base).href,
  );
  const files = [...new Set([...release.files, ...fromManifest])].slice(
    0,
    OFFLINE_LIMITS.filesPerRelease,
  );
  const missing: string[] = [];
  for (const file of files) {
    if (!release.versioned || !(await cache.match(file))) missing.push(file);
  }
  for (let at = 0; at < missing.length; at += OFFLINE_LIMITS.parallelFetches) {
    await Promise.all(
      missing.slice(at, at + OFFLINE_LIMITS.parallelFetches).map(async (file) => {
        const response = await fetch(file, release.versioned ? {} : { cache: 'no-cache' });
        if (response.ok) await cache.put(file, response);
      }),
    );
  }
  if (!release.versioned) {
    const wanted = new Set([...files, release.manifest]);
    for (const request of await cache.keys()) {
      if (!wanted.has(request.url)) await cache.delete(request);
    }
  }
}

/**
 * The page that wrote may have loaded before the worker controlled it (a
 * first visit): its document and the deployment document are kept too, so
 * the app opens offline from here on.
 */
async function keepPage(source: ExtendableMessageEvent['source']): Promise<void> {
  if (!(source instanceof WindowClient)) return;
  const url = new URL(source.url);
  if (url.origin !== self.location.origin) return;
  const cache = await caches.open(PAGES_CACHE);
  const route = `${url.origin}/${url.pathname.split('/')[1] ?? ''}`;
  for (const key of [route, `${url.origin}${DEPLOYMENT_DOCUMENT_PATH}`]) {
    if (await cache.match(key)) continue;
    const response = await fetch(key, { credentials: 'same-origin', cache: 'no-store' });
    if (response.ok && !response.redirected) await cache.put(key, response);
  }
}

let keeping: Promise<unknown> = Promise.resolve();

self.addEventListener('message', (event) => {
  const message = parseReleasesMessage(event.data);
  if (!message) return;
  // One page's word at a time, in the order they came.
  keeping = keeping
    .catch(() => undefined)
    .then(async () => {
      const next = nextSets(await readSets(), message);
      await writeSets(next);
      for (const name of cachesToEvict(next, await caches.keys())) await caches.delete(name);
      // Best effort: what fails now is fetched when a page needs it, and kept then.
      const [page, ...releases] = await Promise.allSettled([
        keepPage(event.source),
        ...next.current.map(keepFiles),
      ]);
      await writeKept({
        page: page?.status === 'fulfilled',
        releases: next.current
          .filter((_, index) => releases[index]?.status === 'fulfilled')
          .map((release) => release.key),
      });
    });
  event.waitUntil(keeping);
});

// Reminders (docs/architecture.md §4, "Reminders"): a Web Push from the API
// becomes a system notification, even with no tab open; its "Done" and
// "Snooze" post to the API with the session's cookie. A click anywhere else,
// or an action the API refuses (the session ended), opens the Tasks page.

/** Focuses an open Stride window, or opens one on the Tasks page. */
async function openTasks(): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) await open.focus();
  else await self.clients.openWindow('/tasks');
}

self.addEventListener('push', (event) => {
  let data: unknown = null;
  try {
    data = event.data?.json();
  } catch {
    return;
  }
  const notice = reminderOfPush(data);
  if (!notice) return;
  const { title, options } = reminderNotification(notice);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  const notice = readReminderNotice(event.notification.data);
  if (!notice) return;
  event.notification.close();
  const request = actionRequest(notice, event.action);
  event.waitUntil(
    request
      ? fetch(request)
          .then((response) => (response.ok ? undefined : openTasks()))
          .catch(() => openTasks())
      : openTasks(),
  );
});
