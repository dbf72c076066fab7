import { COPY, logError, notify, parseRuntimeConfig, setRuntimeConfig } from '@stride/shared';
import { isRegistryDocument, parseRegistry, resolveRegistry } from '@stride/shared/releases';
import { browserReleaseId, tabReleaseOverrides } from './browser-release';
import { type RunningRelease, setRunningReleases } from './release-info';

export const DEPLOYMENT_URL = '/app-config.json';

/**
 * Boot: fetch the deployment document (`no-store`, so a promote or rollback
 * reaches the next page load) and install the runtime config. A release
 * deployment serves the registry there (design.md §9) and each remote's
 * version is resolved for this browser; a plain deployment serves
 * `{ apiBase, remotes }` with fixed manifest URLs.
 */
export async function loadDeployment(url = DEPLOYMENT_URL): Promise<void> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const document: unknown = await response.json();

  if (!isRegistryDocument(document)) {
    const config = parseRuntimeConfig(document);
    setRuntimeConfig(config);
    setRunningReleases(unmanaged(Object.keys(config.remotes)));
    return;
  }

  const registry = parseRegistry(document);
  const resolution = resolveRegistry(registry, {
    id: browserReleaseId(),
    overrides: tabReleaseOverrides(),
  });
  setRuntimeConfig({ apiBase: resolution.apiBase, remotes: resolution.remotes });
  const managed = new Set(resolution.releases.map((release) => release.app as string));
  setRunningReleases([
    ...resolution.releases,
    ...unmanaged(Object.keys(resolution.remotes).filter((app) => !managed.has(app))),
  ]);
  for (const reason of resolution.refused) {
    logError(COPY.releaseOverrideIgnored, reason);
    notify.error(`${COPY.releaseOverrideIgnored}: ${reason}`);
  }
}

function unmanaged(apps: string[]): RunningRelease[] {
  return apps.map((app) => ({ app, version: null, channel: 'unmanaged' }));
}
