/**
 * True when the browser knows it has no network (docs/product.md §10,
 * "Offline"). Nothing is then asked of the server by the background checks:
 * a session check or a health check that cannot be sent is not a failure.
 */
export const browserOffline = (): boolean =>
  typeof navigator !== 'undefined' && navigator.onLine === false;
