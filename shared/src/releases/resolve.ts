import { isInCanary } from './bucket';
import { isWithdrawn, manifestUrl, type Registry } from './registry';
import { isRemoteApp, type ReleaseApp } from './release-apps';

/**
 * Which version of each remote this browser loads (docs/architecture.md §9): the live
 * version by default, the canary for the browsers in its bucket, and a
 * tester's override only when it names a version the registry lists (live,
 * canary or an earlier live one) and has not withdrawn, never a URL. Pure:
 * the host passes in the browser's id and overrides.
 */
export type ReleaseChannel = 'live' | 'canary' | 'override';

export interface ResolvedRelease {
  app: ReleaseApp;
  version: string;
  channel: ReleaseChannel;
}

export interface Resolution {
  apiBase: string;
  /** Manifest URL per remote, ready for `registerRemotes`. */
  remotes: Record<string, string>;
  /** The registry-managed remotes, with the version and why this browser got it. */
  releases: ResolvedRelease[];
  /** Overrides that were not applied, each with the reason. */
  refused: string[];
}

/** `app → version` a tester asked for (`?release=remote_goals@<version>`). */
export type ReleaseOverrides = Record<string, string>;

/** The versions a tester may ask for: live, canary and earlier live ones, never a withdrawn one. */
export function knownVersions(registry: Registry, app: ReleaseApp): string[] {
  const entry = registry.apps[app];
  if (!entry) return [];
  return [entry.live, ...(entry.canary ? [entry.canary.version] : []), ...entry.previous].filter(
    (version) => !isWithdrawn(registry, app, version),
  );
}

export function resolveRegistry(
  registry: Registry,
  browser: { id: string; overrides?: ReleaseOverrides },
): Resolution {
  const remotes: Record<string, string> = { ...registry.remotes };
  const releases: ResolvedRelease[] = [];
  const refused: string[] = [];
  const overrides = { ...browser.overrides };

  for (const [app, entry] of Object.entries(registry.apps) as [
    ReleaseApp,
    Registry['apps'][ReleaseApp],
  ][]) {
    if (!entry || !isRemoteApp(app)) continue;
    let release: ResolvedRelease = { app, version: entry.live, channel: 'live' };
    const { canary } = entry;
    if (
      canary &&
      !isWithdrawn(registry, app, canary.version) &&
      isInCanary(browser.id, app, canary.percent)
    ) {
      release = { app, version: canary.version, channel: 'canary' };
    }
    const wanted = overrides[app];
    delete overrides[app];
    if (wanted !== undefined) {
      if (isWithdrawn(registry, app, wanted)) {
        refused.push(`${app}@${wanted}: withdrawn for a defect, not loaded`);
      } else if (knownVersions(registry, app).includes(wanted)) {
        release = { app, version: wanted, channel: 'override' };
      } else {
        refused.push(`${app}@${wanted}: not a version in the registry`);
      }
    }
    remotes[app] = manifestUrl(registry, app, release.version);
    releases.push(release);
  }
  for (const [app, version] of Object.entries(overrides)) {
    refused.push(`${app}@${version}: not a remote the registry manages`);
  }
  return { apiBase: registry.apiBase, remotes, releases, refused };
}

/**
 * Reads `?release=` as `app@version[,app@version…]`. An empty value or
 * `reset` clears the overrides (returns `null`); malformed parts are dropped
 * here and reported by `resolveRegistry` only if they name an app.
 */
export function parseReleaseParam(param: string): ReleaseOverrides | null {
  const value = param.trim();
  if (value === '' || value === 'reset') return null;
  const overrides: ReleaseOverrides = {};
  for (const part of value.split(',')) {
    const at = part.indexOf('@');
    if (at <= 0) continue;
    overrides[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return overrides;
}
