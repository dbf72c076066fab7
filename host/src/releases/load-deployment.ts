import { COPY, logError, notify, parseRuntimeConfig, setRuntimeConfig } from '@stride/shared';
import { isRegistryDocument, parseRegistry, resolveRegistry } from '@stride/shared/releases';
import { releasesMessage, rememberReleasesInUse } from '../offline/releases-in-use';
import { type Deployment, takeDeployment } from './deployment-document';
import { type RunningRelease, setRunningReleases } from './release-info';

/**
 * Boot: read the deployment document (deployment-document.ts) and install
 * the runtime config. A release
 * deployment serves the registry there (docs/architecture.md §9) and each remote's
 * version is resolved for this browser; a plain deployment serves
 * `{ apiBase, remotes }` with fixed manifest URLs. Answers the document read,
 * with this browser's release inputs, for what boot starts from it.
 */
export async function loadDeployment(
  deployment: Deployment = takeDeployment(),
): Promise<LoadedDeployment> {
  const document = await deployment.document;
  const loaded = { document, browser: deployment.browser };

  if (!isRegistryDocument(document)) {
    const config = parseRuntimeConfig(document);
    setRuntimeConfig(config);
    setRunningReleases(unmanaged(Object.keys(config.remotes)));
    keepReleasesInUse(document, deployment, config.apiBase);
    return loaded;
  }

  const registry = parseRegistry(document);
  // The same resolution, on the same reading of this browser, as the early preload's.
  const resolution = resolveRegistry(registry, deployment.browser());
  setRuntimeConfig({ apiBase: resolution.apiBase, remotes: resolution.remotes });
  const managed = new Set(resolution.releases.map((release) => release.app as string));
  setRunningReleases([
    ...resolution.releases,
    ...unmanaged(Object.keys(resolution.remotes).filter((app) => !managed.has(app))),
  ]);
  keepReleasesInUse(document, deployment, resolution.apiBase);
  for (const reason of resolution.refused) {
    logError(COPY.releaseOverrideIgnored, reason);
    notify.error(`${COPY.releaseOverrideIgnored}: ${reason}`);
  }
  return loaded;
}

/** The deployment document as boot read it, and this browser's release inputs. */
export interface LoadedDeployment {
  document: unknown;
  browser: Deployment['browser'];
}

function unmanaged(apps: string[]): RunningRelease[] {
  return apps.map((app) => ({ app, version: null, channel: 'unmanaged' }));
}

/** For the service worker, once the page has settled; offline use is lost, never the boot. */
function keepReleasesInUse(document: unknown, deployment: Deployment, apiBase: string): void {
  try {
    rememberReleasesInUse(releasesMessage(document, deployment.browser, apiBase));
  } catch (error) {
    logError('The releases in use could not be read for offline use', error);
  }
}
