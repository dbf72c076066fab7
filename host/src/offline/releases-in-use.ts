import {
  isRegistryDocument,
  parseRegistry,
  type ReleaseOverrides,
  remoteFilesFor,
} from '@stride/shared/releases';
import { REMOTES, type RemoteName } from '@stride/shared/topology';
import type { ReleaseInUse, ReleasesMessage } from './worker/release-sets';

/**
 * What this page tells the service worker to keep (docs/architecture.md
 * §11): per remote, the manifest and version it resolved to,
 * read by the same rule as boot (`remoteFilesFor`), with that version's
 * page assets from the deployment document; and the withdrawn versions,
 * which the worker drops even from the set it keeps for older tabs.
 */
export function releasesMessage(
  document: unknown,
  browser: () => { id: string; overrides?: ReleaseOverrides },
  apiBase: string,
): ReleasesMessage {
  const releases: ReleaseInUse[] = [];
  for (const remote of Object.keys(REMOTES) as RemoteName[]) {
    const files = remoteFilesFor(document, remote, browser);
    if (!files) continue;
    const pageFiles = Object.values(files.assets?.pages ?? {}).flat();
    releases.push({
      app: remote,
      version: files.version ?? null,
      manifest: files.manifest,
      files: files.assets ? [files.assets.entry, ...new Set(pageFiles)] : [],
    });
  }
  const withdrawn = isRegistryDocument(document)
    ? Object.entries(parseRegistry(document).withdrawn ?? {}).flatMap(([app, versions]) =>
        (versions ?? []).map((version) => `${app}@${version}`),
      )
    : [];
  return { type: 'stride:releases', apiBase, releases, withdrawn };
}

let inUse: ReleasesMessage | undefined;

/** Set once at boot, by loadDeployment. */
export function rememberReleasesInUse(message: ReleasesMessage): void {
  inUse = message;
}

export function releasesInUse(): ReleasesMessage | undefined {
  return inUse;
}
