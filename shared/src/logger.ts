/**
 * Where the spec says "logged": errors users need not see (a failed session
 * restore, a failed top-bar logout, a broken avatar image). One function so
 * a real error reporter can be plugged in later in one place.
 */
export function logError(context: string, error: unknown): void {
  console.error(`[stride] ${context}`, error);
}
