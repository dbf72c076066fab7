// Nothing shared is imported here, nor by the modules it imports: index.tsx
// starts this fetch before the share scope is negotiated, so the deployment
// document downloads alongside the shared chunks instead of after them (one
// round trip off every first load), and the first page's files start as
// soon as it arrives.

import { DEPLOYMENT_DOCUMENT_PATH } from '@stride/shared/topology';
import { type BrowserRelease, browserReleaseOnce } from './browser-release';
import { preloadFirstPage } from './first-page-preload';
import { preconnectToOrigins } from './preconnect';

export const DEPLOYMENT_URL = DEPLOYMENT_DOCUMENT_PATH;

/** The deployment document, fetched past the HTTP cache so a promote or rollback reaches the next page load. */
export async function fetchDeploymentDocument(url = DEPLOYMENT_URL): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** One page load's deployment: the document, and this browser's release inputs (read once). */
export interface Deployment {
  document: Promise<unknown>;
  browser: () => BrowserRelease;
}

const fetchDeployment = (): Deployment => ({
  document: fetchDeploymentDocument(),
  browser: browserReleaseOnce(),
});

let early: Deployment | undefined;

/**
 * Starts the fetch at once, and when the document arrives, opens connections
 * to the origins it names (the API, the remotes) and preloads the first
 * route's remote files, while the shared chunks are still downloading.
 */
export function startFetchingDeployment(): void {
  const deployment = fetchDeployment();
  early = deployment;
  deployment.document.then(
    (document) => {
      preconnectToOrigins(document);
      void preloadFirstPage(document, deployment.browser);
    },
    // Boot reports a failure; this branch only must not leave it unhandled.
    () => undefined,
  );
}

/** The deployment index.tsx started fetching (once), or a fresh fetch. */
export function takeDeployment(): Deployment {
  const deployment = early ?? fetchDeployment();
  early = undefined;
  return deployment;
}
