import { DEFAULT_API_BASE } from '../topology';
import type { RuntimeConfig } from '../types';
import { withoutTrailingSlashes } from '../url';

/**
 * The deployment's runtime configuration. The host loads `/app-config.json`
 * at boot and calls `setRuntimeConfig`; a remote's standalone dev page does
 * the same with its own file. Until then the API base is the local default,
 * so unit tests and dev pages work without any set-up.
 */
let current: RuntimeConfig = { apiBase: DEFAULT_API_BASE, remotes: {} };

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = { apiBase: withoutTrailingSlashes(config.apiBase), remotes: { ...config.remotes } };
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

/** Validates an untrusted `/app-config.json` body; throws with a readable reason. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null)
    throw new Error('app-config.json is not an object');
  const { apiBase, remotes } = value as Record<string, unknown>;
  if (typeof apiBase !== 'string' || !/^https?:\/\//.test(apiBase)) {
    throw new Error('app-config.json: "apiBase" must be an http(s) URL');
  }
  if (typeof remotes !== 'object' || remotes === null) {
    throw new Error('app-config.json: "remotes" must be an object');
  }
  const entries = Object.entries(remotes as Record<string, unknown>);
  for (const [name, url] of entries) {
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
      throw new Error(`app-config.json: remote "${name}" must have an http(s) manifest URL`);
    }
  }
  return { apiBase, remotes: Object.fromEntries(entries) as Record<string, string> };
}

/** Fetches and installs the runtime config; `no-store` so a rollback takes effect at once. */
export async function loadRuntimeConfig(url = '/app-config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const config = parseRuntimeConfig(await response.json());
  setRuntimeConfig(config);
  return getRuntimeConfig();
}
