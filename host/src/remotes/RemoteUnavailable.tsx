import { Button, COPY, logError } from '@stride/shared';
import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { useRemoteRetry } from './remote-retry-context';

interface RemoteUnavailableProps {
  remoteId: string;
}

/**
 * Set around a slot's part (slots.tsx): what its page draws of its own when
 * the part cannot load, in place of the page-sized "unavailable" message.
 */
export const PartFallback = createContext<ReactNode | undefined>(undefined);

/** What a route shows when its remote cannot be loaded: a message and "Try again". */
export function RemoteUnavailable({ remoteId }: RemoteUnavailableProps) {
  const own = useContext(PartFallback);
  return own === undefined ? <Unavailable remoteId={remoteId} /> : own;
}

function Unavailable({ remoteId }: RemoteUnavailableProps) {
  const retry = useRemoteRetry();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="remote-unavailable" role="alert" data-remote={remoteId}>
      <h1 ref={heading} tabIndex={-1}>
        {COPY.remoteUnavailable}
      </h1>
      <p>{COPY.remoteUnavailableHint}</p>
      {retry && (
        <Button variant="primary" onClick={retry}>
          {COPY.tryAgain}
        </Button>
      )}
    </section>
  );
}

/** The module the fallback runtime plugin returns in place of a remote page. */
export function createFallbackModule(remoteId: string, error: unknown) {
  logError(`Remote ${remoteId} could not be loaded`, error);
  return {
    __esModule: true,
    default: function RemoteFallbackPage() {
      return <RemoteUnavailable remoteId={remoteId} />;
    },
  };
}
