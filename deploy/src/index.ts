/**
 * The release store as other tools read it: `pnpm start` and the e2e specs
 * serve it (with the page assets of the versions it serves) and run the
 * canary watcher beside it, and the version-skew matrix
 * reads the gate's compatibility record; the commands themselves are
 * `pnpm release` and `pnpm registry`.
 */
export {
  CANARY_RULES,
  canaryRules,
  canaryVerdict,
  startCanaryWatcher,
  type Watcher,
} from './canary-watcher';
export { sharedNeeds, sharedProvides } from './compat';
export { fetchLoadFigures, figuresOf } from './load-stats';
export { builtAssetsByRemote, servedPageAssets } from './page-assets';
export {
  hasReleases,
  isReleaseFile,
  publishedVersions,
  readRegistry,
  releasePath,
  releaseStoreDir,
  STORE_FILES,
} from './store';
