import { SESSION_CHECK_INTERVAL_MS } from '../constants';
import { useAuthStore } from './auth-store';

/**
 * Runs the session check every 30 s while a user is signed in, and stops
 * while signed out. Returns a function that stops watching.
 */
export function startSessionCheck(intervalMs = SESSION_CHECK_INTERVAL_MS): () => void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const sync = (signedIn: boolean) => {
    if (signedIn && timer === undefined) {
      timer = setInterval(() => void useAuthStore.getState().checkSession(), intervalMs);
    } else if (!signedIn && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  sync(useAuthStore.getState().user !== null);
  const unsubscribe = useAuthStore.subscribe((state) => sync(state.user !== null));
  return () => {
    unsubscribe();
    sync(false);
  };
}
