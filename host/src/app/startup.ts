import {
  COPY,
  clearDataWhenUserChanges,
  notify,
  queryClient,
  startLiveSync,
  startSessionCheck,
  whenPageShown,
} from '@stride/shared';
import { startTransition } from 'react';
import { startHealthPolling } from '../health/health-poller';
import { keepLastScreen } from '../offline/last-screen';
import { startOfflineSession } from '../offline/offline-session';
import { startPaletteShortcut } from '../palette/shortcut';
import { startTheme } from '../theme/theme-store';
import { startSessionRecovery } from './session-recovery';

/** The spec's hello on start: brief, so on a phone it is gone before it is in the way. */
const WELCOME_TOAST_MS = 2_000;

/**
 * What the app does once at start (docs/product.md §2, app shell): apply the
 * stored theme, listen for the palette's Ctrl-K, say hello, load the auth
 * status, keep the screen the user leaves, start the health poller and the 30 s session check (and the way
 * back from a short outage), follow the user's change stream (live sync),
 * and drop cached data whenever the user changes. Returns the function that
 * stops the background work.
 */
export function startApp(): () => void {
  const stopTheme = startTheme();
  const stopShortcut = startPaletteShortcut();
  const stopClearing = clearDataWhenUserChanges();
  // Once the first page is on screen: the page comes first, and a page sent
  // as HTML is hydrated from a first render that holds no toast. In a
  // transition: the toast store's update is then a render React slices, not
  // one more long task while the page's own start is still running.
  whenPageShown(() =>
    startTransition(() => {
      notify.info(COPY.welcome, { id: 'welcome', duration: WELCOME_TOAST_MS });
    }),
  );
  // Loads the auth status, or opens offline as the user saved here (docs/product.md §10).
  const stopOfflineSession = startOfflineSession();
  // What the user saw as they left, for the next visit's first paint (docs/architecture.md §11).
  const stopLastScreen = keepLastScreen();
  const stopHealth = startHealthPolling();
  const stopSessionCheck = startSessionCheck();
  const stopRecovery = startSessionRecovery();
  // A reminder's notice loads its code when the first one comes.
  const stopLiveSync = startLiveSync(queryClient, (notice) => {
    void import('../reminders/show-reminder').then(({ showReminder }) => showReminder(notice));
  });
  return () => {
    stopOfflineSession();
    stopLastScreen();
    stopLiveSync();
    stopTheme();
    stopShortcut();
    stopHealth();
    stopSessionCheck();
    stopRecovery();
    stopClearing();
  };
}
