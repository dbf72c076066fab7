// Nothing shared is imported here: index.tsx starts this fetch before the share scope is
// negotiated, so the deployment document downloads alongside the shared
// chunks instead of after them (one round trip off every first load).
import { preconnectToOrigins } from './preconnect';

export const DEPLOYMENT_URL = '/app-config.json';

/** The deployment document, fetched past the HTTP cache so a promote or rollback reaches the next page load. */
export async function fetchDeploymentDocument(url = DEPLOYMENT_URL): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

let early: Promise<unknown> | undefined;

/**
 * Starts the fetch at once, and when the document arrives, opens connections
 * to the origins it names (the API, the remotes) while the shared chunks are
 * still downloading.
 */
export function startFetchingDeployment(): void {
  early = fetchDeploymentDocument();
  // Boot reports a failure; this branch only must not leave it unhandled.
  early.then(preconnectToOrigins, () => undefined);
}

/** The document index.tsx started fetching (once), or a fresh fetch. */
export function takeDeploymentDocument(): Promise<unknown> {
  const document = early ?? fetchDeploymentDocument();
  early = undefined;
  return document;
}
