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

/**
 * Text written as the browser writes it (`text`, called once hydrated),
 * and `fallback` in the server's HTML and while hydrating. A component of
 * its own: after hydration React redraws this text alone, in one task it
 * cannot slice, not the chart or list around it (docs/architecture.md §2,
 * "Start-up in slices").
 */
export function BrowserText({
  text,
  fallback = null,
}: {
  text: () => string;
  fallback?: string | null;
}): string | null {
  return useHydrated() ? text() : fallback;
}
