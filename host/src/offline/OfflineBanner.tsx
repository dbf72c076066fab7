import { COPY, queryClient } from '@stride/shared';
import { useSyncExternalStore } from 'react';
import { OMIT_FROM_LAST_SCREEN } from './offline-policy';

const onConnectionChange = (notify: () => void) => {
  window.addEventListener('online', notify);
  window.addEventListener('offline', notify);
  return () => {
    window.removeEventListener('online', notify);
    window.removeEventListener('offline', notify);
  };
};

const onMutations = (notify: () => void) => queryClient.getMutationCache().subscribe(notify);
const waitingChanges = () =>
  queryClient.getMutationCache().findAll({ predicate: (mutation) => mutation.state.isPaused })
    .length;

/**
 * Says plainly that the browser is offline, and how many changes wait to be
 * sent (docs/product.md §10). The server's HTML and the first render assume
 * online, so a page sent as HTML hydrates without a difference.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    onConnectionChange,
    () => navigator.onLine,
    () => true,
  );
  const waiting = useSyncExternalStore(onMutations, waitingChanges, () => 0);
  if (online) return null;
  return (
    <div className="offline-banner" role="status" {...OMIT_FROM_LAST_SCREEN}>
      <span>{COPY.offline}</span>
      {waiting > 0 ? <span>{COPY.offlineWaiting(waiting)}</span> : null}
    </div>
  );
}
