import { describe, expect, it } from '@rstest/core';
import { isInCanary } from './bucket';
import { parseRegistry, type Registry } from './registry';
import { knownVersions, parseReleaseParam, resolveRegistry } from './resolve';

const LIVE = '0.1.0-20261124.010000-aaaaaaa';
const CANARY = '0.1.0-20261124.020000-bbbbbbb';
const OLD = '0.1.0-20261123.010000-ccccccc';

const registry = parseRegistry({
  apiBase: 'http://localhost:8000/api',
  releaseBase: 'https://cdn.example',
  apps: {
    host: { live: LIVE },
    remote_goals: { live: LIVE, canary: { version: CANARY, percent: 50 }, previous: [OLD] },
    remote_tasks: { live: LIVE },
  },
  remotes: {
    remote_auth: 'http://localhost:3001/mf-manifest.json',
    remote_tasks: 'http://localhost:3004/mf-manifest.json',
  },
});

/** A browser id that lands on the wanted side of remote_goals' 50 % canary. */
function browserOn(side: 'canary' | 'live'): string {
  for (;;) {
    const id = crypto.randomUUID();
    if (isInCanary(id, 'remote_goals', 50) === (side === 'canary')) return id;
  }
}

const goalsOf = (resolution: ReturnType<typeof resolveRegistry>) =>
  resolution.releases.find((release) => release.app === 'remote_goals');

describe('resolveRegistry', () => {
  it('gives a browser outside the canary the live version, from the release store', () => {
    const resolution = resolveRegistry(registry, { id: browserOn('live') });
    expect(goalsOf(resolution)).toEqual({ app: 'remote_goals', version: LIVE, channel: 'live' });
    expect(resolution.remotes.remote_goals).toBe(
      `https://cdn.example/remote_goals/${LIVE}/mf-manifest.json`,
    );
    expect(resolution.apiBase).toBe('http://localhost:8000/api');
  });

  it('gives a browser in the canary bucket the canary version', () => {
    const resolution = resolveRegistry(registry, { id: browserOn('canary') });
    expect(goalsOf(resolution)).toEqual({
      app: 'remote_goals',
      version: CANARY,
      channel: 'canary',
    });
    expect(resolution.remotes.remote_goals).toContain(`/remote_goals/${CANARY}/`);
  });

  it('lets the registry win over an unmanaged URL, and keeps the unmanaged ones', () => {
    const resolution = resolveRegistry(registry, { id: browserOn('live') });
    expect(resolution.remotes.remote_tasks).toBe(
      `https://cdn.example/remote_tasks/${LIVE}/mf-manifest.json`,
    );
    expect(resolution.remotes.remote_auth).toBe('http://localhost:3001/mf-manifest.json');
    // The host is not a remote: it is never registered.
    expect(resolution.remotes.host).toBeUndefined();
  });

  it('applies a tester override for a version the registry lists', () => {
    const resolution = resolveRegistry(registry, {
      id: browserOn('canary'),
      overrides: { remote_goals: OLD },
    });
    expect(goalsOf(resolution)).toEqual({ app: 'remote_goals', version: OLD, channel: 'override' });
    expect(resolution.refused).toEqual([]);
  });

  it('refuses an override for an unknown version, a URL or an unmanaged app', () => {
    const id = browserOn('live');
    const resolution = resolveRegistry(registry, {
      id,
      overrides: {
        remote_goals: 'https://evil.example/mf-manifest.json',
        remote_tasks: '0.1.0-20991231.000000-fffffff',
        remote_auth: LIVE,
      },
    });
    expect(goalsOf(resolution)?.version).toBe(LIVE);
    expect(resolution.remotes.remote_goals).toContain('https://cdn.example/');
    expect(resolution.remotes.remote_auth).toBe('http://localhost:3001/mf-manifest.json');
    expect(resolution.refused).toEqual([
      'remote_goals@https://evil.example/mf-manifest.json: not a version in the registry',
      'remote_tasks@0.1.0-20991231.000000-fffffff: not a version in the registry',
      `remote_auth@${LIVE}: not a remote the registry manages`,
    ]);
  });
});

describe('a withdrawn version', () => {
  const BAD = '0.1.0-20261123.120000-ddddddd';
  // What the registry holds after `pnpm registry withdraw remote_goals BAD`.
  const withdrawnOne = parseRegistry({
    apiBase: 'http://localhost:8000/api',
    releaseBase: 'https://cdn.example',
    apps: {
      remote_goals: { live: LIVE, canary: { version: CANARY, percent: 50 }, previous: [OLD] },
    },
    withdrawn: { remote_goals: [BAD] },
  });

  it('is never loaded by an override: the browser keeps its version, and is told why', () => {
    for (const side of ['live', 'canary'] as const) {
      const resolution = resolveRegistry(withdrawnOne, {
        id: browserOn(side),
        overrides: { remote_goals: BAD },
      });
      expect(goalsOf(resolution)).toEqual({
        app: 'remote_goals',
        version: side === 'live' ? LIVE : CANARY,
        channel: side,
      });
      expect(resolution.remotes.remote_goals).not.toContain(BAD);
      expect(resolution.refused).toEqual([
        `remote_goals@${BAD}: withdrawn for a defect, not loaded`,
      ]);
    }
  });

  it('is not offered even in a registry object that lists it (never parsed, hand-made)', () => {
    const unchecked: Registry = {
      ...withdrawnOne,
      apps: {
        remote_goals: { live: LIVE, canary: { version: BAD, percent: 99 }, previous: [BAD, OLD] },
      },
    };
    expect(knownVersions(unchecked, 'remote_goals')).toEqual([LIVE, OLD]);
    const canarySide = resolveRegistry(unchecked, { id: browserOn('canary') });
    expect(goalsOf(canarySide)).toEqual({ app: 'remote_goals', version: LIVE, channel: 'live' });
    const overridden = resolveRegistry(unchecked, {
      id: browserOn('live'),
      overrides: { remote_goals: BAD },
    });
    expect(goalsOf(overridden)?.version).toBe(LIVE);
  });
});

describe('parseReleaseParam', () => {
  it('reads one or more app@version pairs', () => {
    expect(parseReleaseParam(`remote_goals@${CANARY}, remote_tasks@${LIVE}`)).toEqual({
      remote_goals: CANARY,
      remote_tasks: LIVE,
    });
  });

  it('clears with an empty value or "reset", and drops parts without an app', () => {
    expect(parseReleaseParam('')).toBeNull();
    expect(parseReleaseParam('reset')).toBeNull();
    expect(parseReleaseParam('@x,nothing')).toEqual({});
  });
});
