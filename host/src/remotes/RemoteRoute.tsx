import { markPageShown } from '@stride/shared';
import { type ReactNode, Suspense, useCallback, useContext, useEffect, useState } from 'react';
import { PageSpinner } from '../shell/PageSpinner';
import { pageRendered } from '../telemetry/remote-loads';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { PartFallback } from './RemoteUnavailable';
import { type RemotePageRef, remotePage, resetRemote } from './remote-loader';
import { RemoteRetryContext } from './remote-retry-context';
import { ServerPageSlot } from './server-page-slot';

/**
 * A route whose page comes from a remote, with loading, fallback and retry;
 * also a slot's part (slots.tsx), which takes `props`, and shows its page's
 * own `fallback` if it cannot load or throws.
 */
export function RemoteRoute({
  props,
  fallback,
  ...ref
}: RemotePageRef & { props?: object; fallback?: ReactNode }) {
  const { remote, page } = ref;
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    resetRemote(remote);
    setAttempt((n) => n + 1);
  }, [remote]);
  // Read after a reset, so a retry gets a fresh lazy component.
  const Page = remotePage(ref);
  const serverSlot = useContext(ServerPageSlot);
  return (
    <RemoteRetryContext.Provider value={retry}>
      <PartFallback.Provider value={fallback}>
        <RemoteErrorBoundary remoteId={`${remote}/${page}`} resetKey={attempt}>
          <Suspense fallback={<PageSpinner label="Loading page" />}>
            {serverSlot ?? <Page key={attempt} {...props} />}
            <PageShown id={`${remote}/${page}`} />
          </Suspense>
        </RemoteErrorBoundary>
      </PartFallback.Provider>
    </RemoteRetryContext.Provider>
  );
}

/** Rendered beside the page, so its effect runs once the page is on screen: its load is done. */
function PageShown({ id }: { id: string }) {
  useEffect(() => {
    pageRendered(id);
    markPageShown();
  }, [id]);
  return null;
}
