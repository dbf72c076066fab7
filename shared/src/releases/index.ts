/**
 * Releases and the registry (docs/architecture.md §9), shared by the host (which
 * resolves the registry in the browser) and `deploy/` (which writes it).
 * Plain functions and types: safe in Node and in the browser.
 */

export { BUCKETS, bucketOf, isInCanary } from './bucket';
export { isJsonObject, type JsonObject } from './json-object';
export {
  FIRST_REQUESTS_FILE,
  isApiRead,
  isAssetPath,
  PAGE_ASSET_LIMITS,
  type PageAssets,
  parsePageAssets,
  parseRemotePageAssets,
  parseVersionedPageAssets,
  type VersionedPageAssets,
} from './page-assets';
export {
  type AppReleases,
  CANARY_PERCENT,
  type CanaryRelease,
  isRegistryDocument,
  isWithdrawn,
  manifestUrl,
  PREVIOUS_KEPT,
  parseRegistry,
  type Registry,
  RegistryError,
  releaseUrl,
  WITHDRAWN_KEPT,
} from './registry';
export { isReleaseApp, isRemoteApp, RELEASE_APPS, type ReleaseApp } from './release-apps';
export { assetUrl, type RemoteFiles, remoteFilesFor } from './remote-files';
export {
  knownVersions,
  parseReleaseParam,
  type ReleaseChannel,
  type ReleaseOverrides,
  type Resolution,
  type ResolvedRelease,
  resolveRegistry,
} from './resolve';
export { compareVersions, isReleaseVersion, makeVersion, VERSION_PATTERN } from './version';
