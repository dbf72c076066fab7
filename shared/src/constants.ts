/**
 * Every number of docs/product.md §9, in one place. Change one here and every
 * app (host and remotes) picks it up through the shared singleton. The limits
 * Stride sets itself (lengths, page sizes, import sizes, live sync) are in
 * limits.ts.
 */
export const SESSION_CHECK_INTERVAL_MS = 30_000;
export const HEALTH_POLL_INTERVAL_MS = 300_000;
export const HEALTH_WARNING_THRESHOLD = 5;
export const OAUTH_INITIATE_TIMEOUT_MS = 5_000;
export const HTTP_TIMEOUT_MS = 5_000;
export const THEME_DEFAULT = 'auto' as const;
export const THEME_STORAGE_KEY = 'theme';
export const DISPLAY_NAME_MAX_WIDTH = '12rem';
export const DROPDOWN_SIDE_OFFSET = 4;
export const DROPDOWN_MIN_WIDTH = '8rem';
