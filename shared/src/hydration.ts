import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React hydrates HTML the server rendered (and on the server),
 * true in every other render. Text the server cannot write as the browser
 * would (a date in the browser's language, "today" in its time zone) waits
 * for it: hydration then finds the server's HTML unchanged, and the next
 * render fills the text in (docs/architecture.md §2, "Pages with data").
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
