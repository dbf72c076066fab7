import {
  type AuthState,
  browserOffline,
  queryClient,
  registerOfflineWrites,
  useAuthStore,
} from '@stride/shared';
import { onlineManager } from '@tanstack/react-query';
import { forgetEverything, readSavedUser, saveUser } from './offline-store';
import { keepQueries, restoreQueries } from './persisted-queries';

type SessionView = Pick<AuthState, 'user' | 'interruptedAt'>;

let restoring: Promise<void> = Promise.resolve();

/** Settles once the signed-in user's saved answers are in the query cache (or none could be read). */
export const whenAnswersRestored = (): Promise<void> => restoring;

/**
 * Whether the saved data must go (docs/product.md §10): on logout, logout
 * of all devices, an expired session and a change of user. Not on the
 * silent clear of a check that got no answer (the user may still be signed
 * in: the way back keeps the page and the data), unless that way back then
 * finds the session ended.
 */
export function shouldForget(next: SessionView, previous: SessionView): boolean {
  if (previous.user && next.user) return previous.user.id !== next.user.id;
  if (previous.user && !next.user) return next.interruptedAt === null;
  return !next.user && previous.interruptedAt !== null && next.interruptedAt === null;
}

/**
 * Loads the auth status at start (docs/product.md §2) and keeps the signed-in
 * user's data on this device (docs/architecture.md §11):
 * - when a user is signed in, their saved answers are put in the query
 *   cache, so a repeat visit draws before the network answers;
 * - offline, the app opens as that user without asking the server; the
 *   session is checked the moment the browser is back online;
 * - the cache is saved under the user while signed in, and everything is
 *   forgotten when `shouldForget` says so.
 * Returns the function that stops it.
 */
export function startOfflineSession(): () => void {
  // Before any restore: a saved write finds here what sends it.
  registerOfflineWrites(queryClient);
  let keeping: { userId: string; stop: () => void } | undefined;
  const stopKeeping = () => {
    keeping?.stop();
    keeping = undefined;
  };
  const follow = (state: SessionView, previous: SessionView) => {
    if (shouldForget(state, previous)) {
      stopKeeping();
      void forgetEverything();
    } else if (!state.user) {
      stopKeeping(); // a silent clear: what is saved stays for the way back
    }
    const user = state.user;
    if (!user) return;
    if (user !== previous.user) void saveUser(user).catch(() => {});
    if (user.id === previous.user?.id) return;
    // A new user in the store: the cache holds nothing of another user (clearDataWhenUserChanges).
    stopKeeping();
    const stop = { userId: user.id, stop: () => {} };
    keeping = stop;
    restoring = restoreQueries(user.id).then(() => {
      if (keeping === stop) stop.stop = keepQueries(user.id);
    });
  };
  const unsubscribe = useAuthStore.subscribe(follow);

  // TanStack Query assumes online until an `offline` event; a page opened
  // offline would send its writes and fail them instead of holding them.
  onlineManager.setOnline(!browserOffline());
  if (browserOffline()) {
    // Until the saved user is read, the guard waits instead of sending to /login.
    useAuthStore.setState({ loading: true });
    void readSavedUser()
      .catch(() => undefined)
      .then((user) => useAuthStore.setState({ user: user ?? null, loading: false }));
  } else {
    void useAuthStore.getState().initialize();
  }

  const backOnline = () => {
    const { user, initialize, checkSession } = useAuthStore.getState();
    void (user ? checkSession() : initialize());
  };
  window.addEventListener('online', backOnline);
  return () => {
    unsubscribe();
    window.removeEventListener('online', backOnline);
    stopKeeping();
  };
}
