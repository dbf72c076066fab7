// Live sync: the API's change stream applied to the one shared
// QueryClient. A change made in another tab or on another device marks the
// data it touched stale, and what is on screen refetches; this tab's own
// writes are skipped (it already has them). Forms keep what is being typed:
// they read their record once, and a save on an old version meets the
// conflict rule as before.
import type { QueryClient } from '@tanstack/react-query';
import { TAB_ID } from '../api/tab-id';
import { useAuthStore } from '../auth/auth-store';
import { getRuntimeConfig } from '../config/runtime-config';
import { queryKeys } from '../data/query-keys';
import { LIVE_SYNC } from '../limits';
import { logError } from '../logger';
import type { ReminderNotice } from '../reminders';
import { isCurrentAt } from './page-reads';

interface ChangeEvent {
  kind: 'tasks' | 'goals' | 'profile' | 'all';
  client: string | null;
}

/**
 * The data version a `ready` event says the stream follows from (every
 * change after it reaches the stream); null when it says none.
 */
function readyVersion(data: string): number | null {
  try {
    const { version } = JSON.parse(data) as { version?: unknown };
    return typeof version === 'number' && Number.isSafeInteger(version) ? version : null;
  } catch {
    return null;
  }
}

/** The caches a change makes stale. */
export async function applyChange(client: QueryClient, change: ChangeEvent): Promise<void> {
  if (change.client === TAB_ID) return;
  if (change.kind === 'profile' || change.kind === 'all') {
    await useAuthStore.getState().refreshUser();
  }
  // Goals and tasks show each other (progress, names) and the dashboard shows both.
  if (change.kind !== 'profile') await client.invalidateQueries({ queryKey: queryKeys.workData });
}

/**
 * A stream that the server refused or that broke for good is opened again
 * after this long, twice as long after each failure in a row, up to the cap.
 */
const REOPEN_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

/** Why the server ended a stream (its `end` event). */
interface EndEvent {
  reason: 'lifetime' | 'signed-out' | 'closing';
}

/**
 * Follows the signed-in user's change stream while someone is signed in.
 * EventSource reconnects by itself when the server ends a stream (its
 * lifetime, a restart), resuming with Last-Event-ID so missed changes are
 * refetched. A stream ended because the session ended, or refused for good
 * (401, 429), makes the tab ask for its session at once: signed out, it goes
 * to sign-in like at any session check; still signed in, the stream is opened
 * again after a pause. Returns the stop.
 */
export function startLiveSync(
  client: QueryClient,
  /** Called with each reminder the stream carries (the host shows it: reminders/). */
  onReminder?: (notice: ReminderNotice) => void,
): () => void {
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const close = () => {
    clearTimeout(reopen);
    source?.close();
    source = null;
  };
  /** The stream is gone for good: is the session? If it is, try again later. */
  const lost = async (stream: EventSource, delayMs: number) => {
    stream.close();
    if (source !== stream) return;
    source = null;
    await useAuthStore.getState().checkSession();
    if (source !== null || !useAuthStore.getState().user) return;
    reopen = setTimeout(() => {
      if (useAuthStore.getState().user) open();
    }, delayMs);
  };
  const open = () => {
    close();
    if (typeof EventSource !== 'function') return;
    const stream = new EventSource(`${getRuntimeConfig().apiBase}${LIVE_SYNC.path}`, {
      withCredentials: true,
    });
    let caughtUp = false;
    stream.addEventListener('ready', (event) => {
      failures = 0;
      // A change made after this tab read its data and before the stream was
      // following was sent to no one here: what was read (or is being read)
      // by now is read again. Once per stream: a reconnect resumes by
      // Last-Event-ID. At a page's first load the stream is usually ready
      // before the page asks for anything, and there is nothing to refetch;
      // what a page was sent with is kept while its data version is the
      // stream's (page-reads.ts): nothing changed in between.
      if (caughtUp) return;
      caughtUp = true;
      const version = readyVersion((event as MessageEvent<string>).data);
      void client.invalidateQueries({
        queryKey: queryKeys.workData,
        predicate: (query) => !isCurrentAt(client, query, version),
      });
    });
    stream.addEventListener('change', (event) => {
      try {
        void applyChange(client, JSON.parse((event as MessageEvent<string>).data) as ChangeEvent);
      } catch (error) {
        logError('A live change could not be read', error);
      }
    });
    stream.addEventListener('reminder', (event) => {
      try {
        onReminder?.(JSON.parse((event as MessageEvent<string>).data) as ReminderNotice);
      } catch (error) {
        logError('A reminder could not be read', error);
      }
    });
    stream.addEventListener('end', (event) => {
      let end: EndEvent | null = null;
      try {
        end = JSON.parse((event as MessageEvent<string>).data) as EndEvent;
      } catch {}
      // Any other end: EventSource reconnects by itself and catches up.
      if (end?.reason === 'signed-out') void lost(stream, 0);
    });
    stream.addEventListener('error', () => {
      if (stream.readyState !== EventSource.CLOSED) return;
      const delay = Math.min(REOPEN_MS * 2 ** failures, REOPEN_MAX_MS);
      failures++;
      void lost(stream, delay);
    });
    source = stream;
  };

  const follow = (signedIn: boolean) => (signedIn ? (source ?? open()) : close());
  follow(useAuthStore.getState().user !== null);
  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if ((state.user === null) !== (previous.user === null)) follow(state.user !== null);
    // Another account in this tab: a stream of its own.
    else if (state.user && previous.user && state.user.id !== previous.user.id) open();
  });
  return () => {
    unsubscribe();
    close();
  };
}
