import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { json, stubFetch } from '../test-utils';
import {
  getRuntimeConfig,
  loadRuntimeConfig,
  parseRuntimeConfig,
  setRuntimeConfig,
} from './runtime-config';

afterEach(() => {
  rs.unstubAllGlobals();
  setRuntimeConfig({ apiBase: 'http://localhost:8000/api', remotes: {} });
});

describe('runtime config', () => {
  it('loads /app-config.json without the HTTP cache and installs it', async () => {
    const { calls } = stubFetch(
      json({
        apiBase: 'https://api.example.com/api/',
        remotes: { remote_goals: 'https://goals.example.com/mf-manifest.json' },
      }),
    );
    const fetchSpy = rs.spyOn(globalThis, 'fetch');
    await loadRuntimeConfig();
    expect(new URL(calls[0]?.url ?? '').pathname).toBe('/app-config.json');
    expect(fetchSpy.mock.calls[0]?.[1]?.cache).toBe('no-store');
    expect(getRuntimeConfig()).toEqual({
      apiBase: 'https://api.example.com/api',
      remotes: { remote_goals: 'https://goals.example.com/mf-manifest.json' },
    });
  });

  it('rejects a config that would break the app, naming the problem', () => {
    expect(() => parseRuntimeConfig(null)).toThrow(/not an object/);
    expect(() => parseRuntimeConfig({ apiBase: 'ftp://x', remotes: {} })).toThrow(/apiBase/);
    expect(() =>
      parseRuntimeConfig({ apiBase: 'http://x', remotes: { remote_goals: 42 } }),
    ).toThrow(/remote_goals/);
  });

  it('fails loudly when the file is missing', async () => {
    stubFetch(new Response('nope', { status: 404 }));
    await expect(loadRuntimeConfig()).rejects.toThrow(/404/);
  });
});
