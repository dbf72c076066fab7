import { createContext, useContext } from 'react';

/** Lets whatever stands in for a failed remote page ask for a fresh attempt. */
export const RemoteRetryContext = createContext<(() => void) | null>(null);

export function useRemoteRetry(): (() => void) | null {
  return useContext(RemoteRetryContext);
}
