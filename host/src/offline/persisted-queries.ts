import { queryClient, sendRestoredWrites } from '@stride/shared';
import {
  type PersistedClient,
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

/**
 * A saved answer is shown at once but never taken for a fresh one: it may
 * be older than its save suggests (saves are gathered, a closed tab may miss
 * the last), so each comes back marked stale and is asked again as soon as
 * a page uses it and the network is there.
 */
function asStale(client: PersistedClient | undefined): PersistedClient | undefined {
  if (!client) return undefined;
  const queries = client.clientState.queries.map((query) => ({
    ...query,
    state: { ...query.state, isInvalidated: true },
  }));
  return { ...client, clientState: { ...client.clientState, queries } };
}

const persisterFor = (userId: string): Persister => ({
  persistClient: (client) => save(queriesKey(userId), client),
  restoreClient: () => readSaved<PersistedClient>(queriesKey(userId)).then(asStale),
  removeClient: () => forget(queriesKey(userId)),
});

/**
 * Puts the user's saved answers in the query cache (newer answers already
 * there win), and their writes made offline back in line: sent now if the
 * browser is online, else when it is back (offline-writes.ts in shared).
 */
export async function restoreQueries(userId: string): Promise<void> {
  try {
    await persistQueryClientRestore({
      queryClient,
      persister: persisterFor(userId),
      maxAge: MAX_AGE_MS,
      buster: BUSTER,
    });
  } catch {
    return; // nothing usable was saved: the app asks the server as usual
  }
  // A page that mounted before the restore landed has asked already; one
  // that asked nothing yet (its answer restored, marked stale) asks now.
  void queryClient.refetchQueries({ type: 'active', stale: true }, { cancelRefetch: false });
  void sendRestoredWrites(queryClient);
}

/**
 * Saves the query cache under the user as it is at the start and as it
 * changes (docs/architecture.md §11): successful answers, and the writes
 * waiting for the network. Returns
 * the function that stops saving, which also drops a save not yet written.
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
      // Dehydrate's defaults: successful answers, and paused writes.
      buster: BUSTER,
    }).catch(() => undefined);
  };
  const later = () => {
    timer ??= setTimeout(saveNow, SAVE_DELAY_MS);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) saveNow();
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') later();
  });
  // A write is saved at once as it pauses (the tab may be closed next), and
  // dropped from storage at once as it is sent: a page that restores the
  // storage meanwhile (the way back from a silent clear) must not send it
  // again. A tab closed during that one request loses the write instead.
  const unsubscribeWrites = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'updated' || event.type === 'removed') {
      if (event.mutation?.state.status === 'pending') saveNow();
      else later();
    }
  });
  document.addEventListener('visibilitychange', onHidden);
  // What the cache holds already: a page sent as HTML asks for its data
  // before the session check has named the user this starts for.
  later();
  return () => {
    unsubscribeQueries();
    unsubscribeWrites();
    document.removeEventListener('visibilitychange', onHidden);
    clearTimeout(timer);
    timer = undefined;
  };
}
