import {
  type ResolvedTheme,
  THEME_DEFAULT,
  THEME_STORAGE_KEY,
  type ThemePreference,
} from '@stride/shared';
import { browserCookie, THEME_COOKIE } from '@stride/shared/server-html';

const PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'auto'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isThemePreference(value: unknown): value is ThemePreference {
  return PREFERENCES.includes(value as ThemePreference);
}

/** The stored preference: a plain string under `theme`; anything else means auto. */
export function readPreference(storage: Pick<Storage, 'getItem'> = localStorage): ThemePreference {
  try {
    const value = storage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(value) ? value : THEME_DEFAULT;
  } catch {
    return THEME_DEFAULT; // storage blocked (privacy mode): fall back, never crash
  }
}

/**
 * Puts a chosen theme in a cookie: the server that sends a page as HTML
 * sets it on <html>, so that page paints in it (docs/architecture.md §2).
 * Auto needs none: the CSS follows the system until the app runs.
 */
export function writeThemeCookie(
  preference: ThemePreference,
  cookies: { cookie: string } = document,
): void {
  try {
    cookies.cookie = browserCookie(THEME_COOKIE, preference === 'auto' ? null : preference);
  } catch {
    // Cookies blocked (a sandboxed frame): the HTML paints in the system's theme.
  }
}

export function writePreference(
  preference: ThemePreference,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not persisted, but still applied for this visit.
  }
  writeThemeCookie(preference);
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches;
}

export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ResolvedTheme {
  if (preference === 'auto') return prefersDark ? 'dark' : 'light';
  return preference;
}

/** `data-theme` drives the CSS tokens; `color-scheme` themes form controls and scrollbars. */
export function applyTheme(
  theme: ResolvedTheme,
  root: HTMLElement = document.documentElement,
): void {
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

/** Calls back when the system preference changes; returns the unsubscribe. */
export function watchSystemTheme(onChange: (prefersDark: boolean) => void): () => void {
  if (typeof matchMedia !== 'function') return () => {};
  const query = matchMedia(DARK_QUERY);
  const listener = (event: MediaQueryListEvent) => onChange(event.matches);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}
