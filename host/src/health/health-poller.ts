import { browserOffline, fetchHealth, HEALTH_POLL_INTERVAL_MS, notify } from '@stride/shared';
import { create } from 'zustand';
import {
  type HealthObservation,
  type HealthState,
  initialHealthState,
  nextHealthState,
} from './health-machine';

const HEALTH_TOAST_ID = 'health-warning';

export const useHealthStore = create<HealthState>()(() => initialHealthState);

async function observe(): Promise<HealthObservation> {
  try {
    return { kind: 'answer', health: await fetchHealth() };
  } catch {
    return { kind: 'unreachable' };
  }
}

export async function checkHealthOnce(): Promise<void> {
  // The browser has no network: the server is not down, and the offline
  // banner says so (docs/product.md §10). The counter waits as it is.
  if (browserOffline()) return;
  const observation = await observe();
  const { state, warning } = nextHealthState(useHealthStore.getState(), observation);
  const recovered = useHealthStore.getState().warned && !state.warned;
  useHealthStore.setState(state);
  // The warning stays up until the services recover: it is not a passing notice.
  if (warning) notify.error(warning, { id: HEALTH_TOAST_ID, duration: Number.POSITIVE_INFINITY });
  if (recovered) notify.dismiss(HEALTH_TOAST_ID);
}

/** Polls health now and then every 5 minutes; returns the function that stops it. */
export function startHealthPolling(intervalMs = HEALTH_POLL_INTERVAL_MS): () => void {
  void checkHealthOnce();
  const timer = setInterval(() => void checkHealthOnce(), intervalMs);
  return () => clearInterval(timer);
}
