// Nothing shared is imported here: it runs before the share scope is
// negotiated (deployment-document.ts). @stride/shared/releases is a plain
// subpath the host bundles itself, not the shared singleton.

import { nextTask } from '@stride/shared/next-task';
import { browserOffline } from '@stride/shared/online';
import { API_PATHS } from '@stride/shared/paths';
import { assetUrl, remoteFilesFor } from '@stride/shared/releases';
import { remotePageAt } from '../route-table/route-table';
import type { BrowserRelease } from './browser-release';

/** One `<link rel="preload">`: what it fetches, and in which mode. */
export interface Preload {
  href: string;
  as: 'fetch' | 'script' | 'style';
  /**
   * Only the manifest's: Module Federation fetches it with `fetch()` (CORS,
   * same-origin credentials), while its entry script tag and the remote's
   * chunk script and style-sheet tags carry no crossorigin attribute. A
   * preload in another mode than its use is not reused: fetched twice.
   */
  crossOrigin?: 'anonymous' | 'use-credentials';
}

/**
 * What to start for the page at `pathname` (docs/architecture.md §2, "First
 * load"): the remote's manifest, its entry and the page's files, or nothing
 * when the document names no assets for the version this browser gets.
 * Throws on a document boot will refuse.
 */
export function firstPagePreloads(
  document: unknown,
  pathname: string,
  browser: () => BrowserRelease,
): Preload[] {
  const { remote, page } = remotePageAt(pathname);
  const files = remoteFilesFor(document, remote, browser);
  const pageFiles = files?.assets?.pages[page];
  if (!files?.assets || !pageFiles) return [];
  const manifest = new URL(files.manifest);
  if (manifest.protocol !== 'https:' && manifest.protocol !== 'http:') return [];
  const at = (path: string) => assetUrl(manifest.href, path);
  return [
    { href: manifest.href, as: 'fetch', crossOrigin: 'anonymous' },
    { href: at(files.assets.entry), as: 'script' },
    ...pageFiles.map(
      (file): Preload => ({ href: at(file), as: file.endsWith('.css') ? 'style' : 'script' }),
    ),
  ];
}

/**
 * The session check every boot starts (the auth store's status request):
 * with the session cookie, as the API client sends it, so the client's
 * fetch finds the answer on its way instead of asking after boot.
 */
export function sessionStatusPreload(document: unknown): Preload[] {
  // Offline the start asks nothing (docs/architecture.md §11), and a failed
  // preload would answer the first check made once back online.
  if (browserOffline()) return [];
  const apiBase = (document as { apiBase?: unknown } | null)?.apiBase;
  if (typeof apiBase !== 'string' || !/^https?:\/\//.test(apiBase)) return [];
  return [
    { href: `${apiBase}${API_PATHS.authStatus}`, as: 'fetch', crossOrigin: 'use-credentials' },
  ];
}

/**
 * Starts the session check and the first route's remote files as soon as the deployment document
 * arrives, while the shared chunks are still downloading: without it the
 * browser learns them one hop at a time after boot (manifest, entry,
 * chunks). Module Federation later finds these links and reuses them.
 */
export async function preloadFirstPage(
  document: unknown,
  browser: () => BrowserRelease,
  pathname = window.location.pathname,
  head = window.document.head,
): Promise<void> {
  let preloads: Preload[];
  try {
    preloads = [
      ...sessionStatusPreload(document),
      ...firstPagePreloads(document, pathname, browser),
    ];
  } catch {
    // A document boot cannot read: boot says so, and there is nothing to start.
    return;
  }
  for (const preload of preloads) {
    const link = window.document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', preload.as);
    link.href = preload.href;
    if (preload.crossOrigin) link.crossOrigin = preload.crossOrigin;
    head.append(link);
    // One request per task: starting one costs a slow phone's main thread a
    // few milliseconds, and the whole list in one task would block it.
    await nextTask();
  }
}
