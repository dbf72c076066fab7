// Nothing shared is imported here: index.tsx reads it before the share
// scope is negotiated (deployment-document.ts).
import { parseReleaseParam, type ReleaseOverrides } from '@stride/shared/releases';
import { browserCookie, cookieValue, RELEASE_ID_COOKIE } from '@stride/shared/server-html';

/**
 * This browser's side of the release registry (docs/architecture.md §9): the random id
 * that picks its canary buckets (kept in localStorage, so it survives
 * reloads and sign-ins) and a tester's `?release=app@version` overrides
 * (kept in sessionStorage: this tab only, gone when it closes).
 */
export const RELEASE_ID_KEY = 'stride.release-id';
export const RELEASE_OVERRIDES_KEY = 'stride.release-overrides';
export const RELEASE_PARAM = 'release';

function tryStorage<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    // Storage blocked (privacy mode, a sandboxed frame): no stickiness, still a working page.
    return fallback;
  }
}

/**
 * The browser's bucket id, made once (or taken from the server's cookie),
 * and kept in a cookie too: the server that sends a page as HTML resolves
 * the canary from it, so its HTML is the version this browser runs
 * (docs/architecture.md §2, "Pages as HTML").
 */
export function browserReleaseId(
  storage: Storage = localStorage,
  cookies: { cookie: string } = document,
): string {
  // The server set it on a first visit to a page it sends as HTML.
  const fromCookie = tryStorage(() => cookieValue(cookies.cookie, RELEASE_ID_COOKIE) ?? null, null);
  const id = tryStorage(() => {
    let stored = storage.getItem(RELEASE_ID_KEY);
    if (!stored) {
      stored = fromCookie ?? crypto.randomUUID();
      storage.setItem(RELEASE_ID_KEY, stored);
    }
    return stored;
  }, fromCookie ?? crypto.randomUUID());
  if (id !== fromCookie) {
    tryStorage(() => {
      cookies.cookie = browserCookie(RELEASE_ID_COOKIE, id);
    }, undefined);
  }
  return id;
}

/**
 * The overrides for this tab: a `?release=` parameter replaces what the tab
 * remembered (an empty value or `reset` clears it) and is then taken out of
 * the address bar, so a shared link carries no tester state by accident.
 */
export function tabReleaseOverrides(
  location: Location = window.location,
  history: History = window.history,
  storage: Storage = sessionStorage,
): ReleaseOverrides {
  const url = new URL(location.href);
  const param = url.searchParams.get(RELEASE_PARAM);
  if (param !== null) {
    const overrides = parseReleaseParam(param);
    tryStorage(() => {
      if (overrides) storage.setItem(RELEASE_OVERRIDES_KEY, JSON.stringify(overrides));
      else storage.removeItem(RELEASE_OVERRIDES_KEY);
    }, undefined);
    url.searchParams.delete(RELEASE_PARAM);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    return overrides ?? {};
  }
  return tryStorage(() => {
    const stored: unknown = JSON.parse(storage.getItem(RELEASE_OVERRIDES_KEY) ?? '{}');
    if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
    return Object.fromEntries(
      Object.entries(stored).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }, {});
}

/** What `resolveRegistry` needs to know of this browser. */
export interface BrowserRelease {
  id: string;
  overrides: ReleaseOverrides;
}

/**
 * This browser's id and this tab's overrides, read at the first call and
 * kept: the early preload and boot must pick the same versions, and after
 * the first read `?release=` is gone from the address bar, so a second
 * would depend on storage, which may be blocked.
 */
export function browserReleaseOnce(): () => BrowserRelease {
  let read: BrowserRelease | undefined;
  return () => {
    read ??= { id: browserReleaseId(), overrides: tabReleaseOverrides() };
    return read;
  };
}
