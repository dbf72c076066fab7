import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * First line of defence when a remote does not load: try again a couple of
 * times with a short back-off, for both the manifest fetch and the remote
 * entry script. A blip (a deploy, a dropped packet) then never reaches users.
 */
const RETRIES = 2;
const BASE_DELAY_MS = 250;

const wait = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, BASE_DELAY_MS * attempt));

async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(url, init);
      // A 5xx may be a server restarting; a 4xx will not get better.
      if (response.status < 500 || attempt >= RETRIES) return response;
    } catch (error) {
      if (attempt >= RETRIES) throw error;
    }
    await wait(attempt + 1);
  }
}

type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;

/** Loads the remote entry script again, a few times, after the first load failed. */
async function reloadEntry({
  getRemoteEntry,
  origin,
  remoteInfo,
  remoteEntryExports,
  globalLoading,
  uniqueKey,
}: Parameters<LoadEntryError>[0]) {
  for (let attempt = 1; attempt <= RETRIES; attempt++) {
    await wait(attempt);
    // The failed load is memoised; forget it so the script is requested again.
    delete globalLoading[uniqueKey];
    try {
      const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (exports) return exports;
    } catch {
      // Next attempt; after the last one the fallback plugin takes over.
    }
  }
  return undefined;
}

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'stride-retry',
    fetch: (url, init) => fetchWithRetry(url, init),
    // The hook's declared type nests a promise that the runtime simply awaits.
    loadEntryError: (args) => reloadEntry(args) as unknown as ReturnType<LoadEntryError>,
  };
}
