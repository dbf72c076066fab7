import { browserOffline, logError } from '@stride/shared';
import { browserCookie, WORKER_COOKIE } from '@stride/shared/server-html';
import { SERVICE_WORKER_URL, SKIP_WAITING_MESSAGE } from './offline-policy';
import { releasesInUse } from './releases-in-use';

/**
 * Registers the service worker (docs/architecture.md §11) once
 * the first page has settled, and tells it the releases this page runs.
 *
 * A new host release is a new worker. It installs in the background and
 * waits; the next page load (this function, on a later visit) lets it take
 * over: that page already runs the new host (its HTML came from the
 * network), whose files the new worker holds. An open tab so keeps the
 * worker it started with. Not while offline: that page runs the old host,
 * whose files the new worker would drop.
 *
 * A registered worker is also told to the server (WORKER_COOKIE): this
 * browser paints its own last screen of a signed-in page, so it is sent
 * that page's plain HTML (docs/architecture.md §2, §11).
 */
export async function startServiceWorker(cookies: { cookie: string } = document): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    // The platform's own call: Workbox's window module (2.4 KB) added
    // nothing here, and its skip-waiting message was not the one the
    // worker listens for.
    const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
    if (registration.waiting && !browserOffline()) {
      registration.waiting.postMessage(SKIP_WAITING_MESSAGE);
    }
  } catch (error) {
    // Offline use is lost, nothing else: the app runs without a worker.
    cookies.cookie = browserCookie(WORKER_COOKIE, null);
    logError('The service worker did not register', error);
    return;
  }
  cookies.cookie = browserCookie(WORKER_COOKIE, '1');
  const tell = () => {
    const message = releasesInUse();
    if (message) navigator.serviceWorker.controller?.postMessage(message);
  };
  // The first visit's worker takes control once active (clientsClaim).
  navigator.serviceWorker.addEventListener('controllerchange', tell);
  tell();
}
