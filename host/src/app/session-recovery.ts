// The way back from a short outage. The 30 s session check clears the
// signed-in state silently when it gets no answer (docs/product.md §4), which sends the
// page to /login; the server session may well still be valid. While that is
// so (the auth store's `interruptedAt`), this asks the API again: soon, then
// less often, and at once when the browser comes back online or the health
// poller gets an answer. A valid session returns the user to the page they
// were on (GuestOnly sends them to `interruptedAt`); a session that has ended
// leaves them on /login; a user who signs in meanwhile ends the wait.
import { useAuthStore } from '@stride/shared';
import { useHealthStore } from '../health/health-poller';

export interface RecoveryTiming {
  firstDelayMs: number;
  maxDelayMs: number;
  /** After this long without an answer, the wait ends: the user signs in again. */
  giveUpAfterMs: number;
}

export const RECOVERY_TIMING: RecoveryTiming = {
  firstDelayMs: 2_000,
  maxDelayMs: 30_000,
  giveUpAfterMs: 2 * 60 * 60 * 1000,
};

export function startSessionRecovery(timing: RecoveryTiming = RECOVERY_TIMING): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = timing.firstDelayMs;
  let startedAt = 0;
  let asking = false;

  const waiting = () => {
    const { user, interruptedAt } = useAuthStore.getState();
    return user === null && interruptedAt !== null;
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const schedule = () => {
    stop();
    if (!waiting()) return;
    if (Date.now() - startedAt > timing.giveUpAfterMs) {
      useAuthStore.setState({ interruptedAt: null });
      return;
    }
    timer = setTimeout(() => void ask(), delay);
    delay = Math.min(delay * 2, timing.maxDelayMs);
  };
  const ask = async () => {
    if (asking || !waiting()) return;
    asking = true;
    try {
      const outcome = await useAuthStore.getState().recoverSession();
      if (outcome === 'unreachable') schedule();
      else stop();
    } finally {
      asking = false;
    }
  };
  const askNow = () => {
    if (waiting()) void ask();
  };

  const unsubscribeAuth = useAuthStore.subscribe((state, before) => {
    const began = state.interruptedAt !== null && before.interruptedAt === null;
    if (began && state.user === null) {
      startedAt = Date.now();
      delay = timing.firstDelayMs;
      schedule();
    } else if (!waiting()) stop();
  });
  // The health poller's answer means the API is back: no need to wait for the timer.
  const unsubscribeHealth = useHealthStore.subscribe((state, before) => {
    if (state.last !== before.last) askNow();
  });
  window.addEventListener('online', askNow);
  return () => {
    stop();
    unsubscribeAuth();
    unsubscribeHealth();
    window.removeEventListener('online', askNow);
  };
}
