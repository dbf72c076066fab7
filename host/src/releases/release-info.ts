import type { ResolvedRelease } from '@stride/shared/releases';

/**
 * What this page runs, for the About panel (support asks for this first):
 * the host's own version (baked in by `pnpm release`) and, per remote, the
 * version the registry resolved for this browser and why. Set once at boot.
 */
declare const __STRIDE_RELEASE_VERSION__: string;

export interface RunningRelease {
  app: string;
  /** Null for a build that was not released (`pnpm start` from dist/, `pnpm dev`). */
  version: string | null;
  channel: ResolvedRelease['channel'] | 'unmanaged';
}

let running: RunningRelease[] = [];

export function hostVersion(): string | null {
  return typeof __STRIDE_RELEASE_VERSION__ === 'string' && __STRIDE_RELEASE_VERSION__
    ? __STRIDE_RELEASE_VERSION__
    : null;
}

export function setRunningReleases(remotes: RunningRelease[]): void {
  running = [
    { app: 'host', version: hostVersion(), channel: hostVersion() ? 'live' : 'unmanaged' },
    ...remotes,
  ];
}

export function runningReleases(): readonly RunningRelease[] {
  return running;
}

/** The release version this page runs of `app`, or null when no registry manages it. */
export function runningVersion(app: string): string | null {
  return running.find((release) => release.app === app)?.version ?? null;
}
