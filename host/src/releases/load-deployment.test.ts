import { afterEach, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { getRuntimeConfig, setRuntimeConfig } from '@stride/shared';
import { isInCanary } from '@stride/shared/releases';
import { json, recordErrorToasts, stubFetch } from '@stride/shared/testing';
import { RELEASE_ID_KEY, RELEASE_OVERRIDES_KEY } from './browser-release';
import { loadDeployment } from './load-deployment';
import { runningReleases } from './release-info';

const LIVE = '0.1.0-20261124.010000-aaaaaaa';
const CANARY = '0.1.0-20261124.020000-bbbbbbb';

const registry = (canaryPercent?: number) => ({
  apiBase: 'https://api.example/api',
  releaseBase: 'https://cdn.example',
  apps: {
    remote_goals: {
      live: LIVE,
      canary: canaryPercent ? { version: CANARY, percent: canaryPercent } : null,
      previous: [],
    },
  },
  remotes: { remote_auth: 'https://auth.example/mf-manifest.json' },
});

/** Gives this browser an id on the wanted side of remote_goals' canary at `percent`. */
function placeBrowser(side: 'canary' | 'live', percent: number): string {
  for (;;) {
    const id = crypto.randomUUID();
    if (isInCanary(id, 'remote_goals', percent) === (side === 'canary')) {
      localStorage.setItem(RELEASE_ID_KEY, id);
      return id;
    }
  }
}

const goals = () => runningReleases().find((release) => release.app === 'remote_goals');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/goals');
});

afterEach(() => {
  rs.unstubAllGlobals();
  setRuntimeConfig({ apiBase: 'http://localhost:8000/api', remotes: {} });
});

describe('loadDeployment with a registry', () => {
  it('fetches the document without the HTTP cache and registers the live version', async () => {
    placeBrowser('live', 50);
    stubFetch(json(registry(50)));
    const fetchSpy = rs.spyOn(globalThis, 'fetch');
    await loadDeployment();
    expect(fetchSpy.mock.calls[0]?.[1]?.cache).toBe('no-store');
    expect(getRuntimeConfig()).toEqual({
      apiBase: 'https://api.example/api',
      remotes: {
        remote_auth: 'https://auth.example/mf-manifest.json',
        remote_goals: `https://cdn.example/remote_goals/${LIVE}/mf-manifest.json`,
      },
    });
    expect(goals()).toEqual({ app: 'remote_goals', version: LIVE, channel: 'live' });
    expect(runningReleases().find((release) => release.app === 'remote_auth')).toEqual({
      app: 'remote_auth',
      version: null,
      channel: 'unmanaged',
    });
  });

  it('keeps a browser on the canary across loads, through the id it stored', async () => {
    placeBrowser('canary', 50);
    stubFetch(json(registry(50)), json(registry(50)));
    await loadDeployment();
    expect(goals()?.channel).toBe('canary');
    await loadDeployment();
    expect(goals()).toEqual({ app: 'remote_goals', version: CANARY, channel: 'canary' });
  });

  it('makes and keeps an id for a browser that has none', async () => {
    stubFetch(json(registry(50)));
    await loadDeployment();
    const id = localStorage.getItem(RELEASE_ID_KEY);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(goals()?.channel).toBe(isInCanary(id as string, 'remote_goals', 50) ? 'canary' : 'live');
  });

  it('applies ?release= for this tab only, and takes it out of the address bar', async () => {
    placeBrowser('live', 50);
    window.history.replaceState(null, '', `/goals?view=all&release=remote_goals@${CANARY}`);
    stubFetch(json(registry(50)), json(registry(50)));
    await loadDeployment();
    expect(goals()).toEqual({ app: 'remote_goals', version: CANARY, channel: 'override' });
    expect(window.location.search).toBe('?view=all');
    expect(JSON.parse(sessionStorage.getItem(RELEASE_OVERRIDES_KEY) ?? '')).toEqual({
      remote_goals: CANARY,
    });
    // The next load in this tab remembers it.
    await loadDeployment();
    expect(goals()?.channel).toBe('override');
  });

  it('refuses an override the registry does not list, and says so', async () => {
    placeBrowser('live', 50);
    const toasts = recordErrorToasts();
    window.history.replaceState(
      null,
      '',
      '/goals?release=remote_goals@https://evil.example/x.json',
    );
    stubFetch(json(registry(50)));
    await loadDeployment();
    expect(goals()).toEqual({ app: 'remote_goals', version: LIVE, channel: 'live' });
    expect(getRuntimeConfig().remotes.remote_goals).toContain('https://cdn.example/');
    expect(toasts).toEqual([
      'Release override ignored: remote_goals@https://evil.example/x.json: not a version in the registry',
    ]);
  });

  it('clears the overrides with ?release=reset', async () => {
    placeBrowser('live', 50);
    sessionStorage.setItem(RELEASE_OVERRIDES_KEY, JSON.stringify({ remote_goals: CANARY }));
    window.history.replaceState(null, '', '/goals?release=reset');
    stubFetch(json(registry(50)));
    await loadDeployment();
    expect(goals()?.channel).toBe('live');
    expect(sessionStorage.getItem(RELEASE_OVERRIDES_KEY)).toBeNull();
  });

  it('fails with the reason when the registry is broken', async () => {
    stubFetch(json({ ...registry(), apps: { remote_goals: { live: '../../x' } } }));
    await expect(loadDeployment()).rejects.toThrow(
      /apps\.remote_goals\.live must be a release version/,
    );
  });
});

describe('loadDeployment with a plain app config', () => {
  it('installs the fixed URLs and reports every remote as a local build', async () => {
    stubFetch(
      json({
        apiBase: 'http://localhost:8000/api',
        remotes: { remote_goals: 'http://localhost:3003/mf-manifest.json' },
      }),
    );
    await loadDeployment();
    expect(getRuntimeConfig().remotes).toEqual({
      remote_goals: 'http://localhost:3003/mf-manifest.json',
    });
    expect(goals()).toEqual({ app: 'remote_goals', version: null, channel: 'unmanaged' });
    expect(runningReleases()[0]).toEqual({ app: 'host', version: null, channel: 'unmanaged' });
  });

  it('fails loudly when the file is missing', async () => {
    stubFetch(new Response('nope', { status: 404 }));
    await expect(loadDeployment()).rejects.toThrow(/404/);
  });
});
