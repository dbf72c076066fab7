import { isApiError } from '../api/api-error';

/**
 * A 409 `version_conflict` carries the record as it is now, so the UI can
 * show it beside what the user typed: no update is ever silently lost.
 */
export function versionConflict<T>(error: unknown): T | null {
  if (!isApiError(error) || error.status !== 409 || error.body?.code !== 'version_conflict')
    return null;
  return (error.body.current as T | undefined) ?? null;
}
