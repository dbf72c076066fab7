import type { RemoteName } from '../topology';
import { type PageAssets, parseRemotePageAssets } from './page-assets';
import { isRegistryDocument, parseRegistry } from './registry';
import { type ReleaseOverrides, resolveRegistry } from './resolve';

/** A remote as one browser gets it: its manifest URL, and its page assets when the document names them. */
export interface RemoteFiles {
  manifest: string;
  /** The release's version; none in a plain deployment (fixed builds, no registry). */
  version?: string;
  assets?: PageAssets;
}

/**
 * The remote's manifest URL and the assets of the version a browser gets,
 * resolved as the host's boot resolves them: the host before its first
 * render (first-page-preload.ts) and the server that sends the page's HTML
 * (docs/architecture.md §2, "Pages as HTML") read one rule.
 * Throws on a registry document boot would refuse.
 */
export function remoteFilesFor(
  document: unknown,
  remote: RemoteName,
  browser: () => { id: string; overrides?: ReleaseOverrides },
): RemoteFiles | undefined {
  if (isRegistryDocument(document)) {
    const registry = parseRegistry(document);
    const resolution = resolveRegistry(registry, browser());
    const manifest = resolution.remotes[remote];
    if (!manifest) return undefined;
    const version = resolution.releases.find((release) => release.app === remote)?.version;
    const assets = version ? registry.assets?.[remote]?.[version] : undefined;
    return { manifest, ...(version ? { version } : {}), ...(assets ? { assets } : {}) };
  }
  // A plain deployment: fixed manifest URLs, and page assets per remote if it names them.
  const plain = (document ?? {}) as { remotes?: Record<string, unknown>; assets?: unknown };
  const manifest = plain.remotes?.[remote];
  if (typeof manifest !== 'string') return undefined;
  const assets = parseRemotePageAssets(plain.assets)[remote];
  return { manifest, ...(assets ? { assets } : {}) };
}

/** A page's asset path as a URL: paths are relative to the manifest's folder (parsePageAssets allows no `..`). */
export function assetUrl(manifest: string, path: string): string {
  return new URL(path, manifest).href;
}
