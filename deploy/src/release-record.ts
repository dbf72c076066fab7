// What a release says about itself, and the module its compatibility is
// about (docs/architecture.md §9). In a module of its own, importing nothing
// at run time, so release.ts (which writes the record), compat.ts (which
// collects it) and gate.ts (which compares records) all depend on it and not
// on each other in a circle.
import type { PageAssets, ReleaseApp } from '@stride/shared/releases';

/**
 * The module every app gets from the host at run time (docs/architecture.md §2). Not in
 * compat.ts: the registry commands load the gate, and compat.ts loads the
 * TypeScript compiler, which only `pnpm release` needs.
 */
export const SHARED_MODULE = '@stride/shared';

/** release.json: what a release is and what it was built with (docs/architecture.md §9). */
export interface ReleaseInfo {
  app: ReleaseApp;
  version: string;
  commit: string;
  /** True when the app's or shared/'s files differed from the commit. */
  dirty: boolean;
  built_at: string;
  /** The modules it exposes, as its manifest lists them (`./GoalsPage`). */
  exposes: string[];
  /** The version of each federation singleton it was built with. */
  singletons: Record<string, string>;
  /** A remote: the `@stride/shared` exports its code uses at run time (compat.ts). */
  shared_needs?: string[];
  /** The host: the `@stride/shared` exports its copy provides to every remote. */
  shared_provides?: string[];
  /** The host: the exposed modules its routes load, by remote. */
  routes?: Record<string, string[]>;
  /**
   * A remote: its entry script and each exposed module's first-render files,
   * relative to the release folder (page-assets.ts). Absent from releases
   * made before it was recorded.
   */
  assets?: PageAssets;
}
