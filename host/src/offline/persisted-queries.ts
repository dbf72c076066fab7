import { queryClient } from '@stride/shared';
import {
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/query-persist-client-core';
import { forget, queriesKey, readSaved, save } from './offline-store';

/** A saved cache older than this is dropped rather than shown as if current. */
const MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** Bump when the shape of cached answers changes: older saves are then dropped. */
const BUSTER = 'stride-queries-1';
/** Saves are gathered: at most one a second, and one as the page is hidden. */
const SAVE_DELAY_MS = 1_000;

const persisterFor = (userId: string): Persister => ({
  persistClient: (client) => save(queriesKey(userId), client),
  restoreClient: () => readSaved(queriesKey(userId)),
  removeClient: () => forget(queriesKey(userId)),
});

/** Puts the user's saved answers in the query cache; newer answers already there win. */
export function restoreQueries(userId: string): Promise<void> {
  return persistQueryClientRestore({
    queryClient,
    persister: persisterFor(userId),
    maxAge: MAX_AGE_MS,
    buster: BUSTER,
  }).catch(() => undefined);
}

/**
 * Saves the query cache under the user as it changes (docs/architecture.md
 * §11): successful answers only. Returns the function that stops saving,
 * which also drops a save not yet written.
 */
export function keepQueries(userId: string): () => void {
  const persister = persisterFor(userId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const saveNow = () => {
    clearTimeout(timer);
    timer = undefined;
    void persistQueryClientSave({
      queryClient,
      persister,
      buster: BUSTER,
      dehydrateOptions: { shouldDehydrateMutation: () => false },
    }).catch(() => undefined);
  };
  const later = () => {
    timer ??= setTimeout(saveNow, SAVE_DELAY_MS);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) saveNow();
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') later();
  });
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHidden);
    clearTimeout(timer);
    timer = undefined;
  };
}
