/**
 * A plain script in public/, which the build copies and minifies: bundled,
 * the worker would carry its own copy of the federation runtime (116 KB).
 */
const LOCALE_WORKER_URL = '/locale-warm-up.js';

const startLocaleWorker = (): Worker | null =>
  typeof Worker === 'function' ? new Worker(LOCALE_WORKER_URL, { name: 'locale-warm-up' }) : null;

/**
 * The first use of Intl on a page (a date, a number, a sorted list) loads
 * the browser's locale data: 10–30 ms on a desktop, 100 ms and more on a
 * phone, in one piece inside whatever render first formats a date. That data
 * belongs to the browser's process, not to the page: a worker that uses
 * Intl first loads it for both, on another core, while the main thread runs
 * the app's start (docs/architecture.md §2, "locale data off the main thread").
 */
export function warmLocaleData(startWorker = startLocaleWorker): void {
  try {
    const worker = startWorker();
    if (!worker) return;
    const done = () => worker.terminate();
    worker.addEventListener('message', done, { once: true });
    worker.addEventListener('error', done, { once: true });
  } catch {
    // A browser or policy that refuses the worker: the first date loads the data, as before.
  }
}
