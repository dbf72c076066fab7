import { useSyncExternalStore } from 'react';
import { nextTask } from '../next-task';

// Long enough that the first page's own code and data go first.
const SETTLE_DELAY_MS = 2000;

let showFirstPage: () => void = () => {};
const firstPageShown = new Promise<void>((resolve) => {
  showFirstPage = resolve;
});

/**
 * Called by the host when a routed page has rendered for the first time
 * (RemoteRoute). Shared (one per page), so a remote can defer work too.
 */
export function markPageShown(): void {
  showFirstPage();
}

/**
 * Runs `task` once the first routed page is on screen (drawn or hydrated),
 * in a task of its own: not added to the one that committed the page.
 */
export function whenPageShown(task: () => void): void {
  void firstPageShown.then(nextTask).then(task);
}

/**
 * Runs `task` once the first page has settled: two seconds after it was
 * shown, when the browser is idle. For work the first page does not need;
 * timed from the page, not the load event, so a slow start never lets it
 * compete with the first page's own code.
 */
export function whenSettled(task: () => void): void {
  const run = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(task, { timeout: SETTLE_DELAY_MS })
      : task();
  void firstPageShown.then(() => setTimeout(run, SETTLE_DELAY_MS));
}

export interface DeferredModule<T> {
  /** Starts loading (once) and resolves with the module. */
  load: () => Promise<T>;
  /** The module once loaded, else null; re-renders when it arrives. */
  useModule: () => T | null;
}

/**
 * A module kept off the first load (the byte budget of the first page):
 * fetched when asked, typically by `whenSettled` or by a user's first click.
 */
export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | null = null;
  const listeners = new Set<() => void>();
  const load = () => {
    loading ??= importer().then((module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    });
    return loading;
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  // The server's HTML never has the module: hydration starts from that, then catches up.
  return {
    load,
    useModule: () =>
      useSyncExternalStore(
        subscribe,
        () => loaded,
        () => null,
      ),
  };
}
