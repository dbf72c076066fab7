// Where the deployment under test lives. The ports follow the same variables
// as `pnpm start` (HOST_PORT, REMOTE_*_PORT, API_PORT, DEV_IDP_PORT), so a run
// can move out of the way of a running `pnpm start`. Read by the global setup
// and by the specs.
import { join } from 'node:path';
import {
  apiPorts,
  localAppConfig,
  ROOT,
  remoteBaseUrl,
  staticApps,
} from '@stride/scripts/deployables';
import type { RemoteName } from '@stride/shared/topology';

const env = process.env;
const apps = staticApps(env);
const host = apps[0];
if (!host) throw new Error('No host app in the federation table');

export const HOST_URL = `http://localhost:${host.port}`;
export const APP_CONFIG = localAppConfig(env);
export const API_BASE = APP_CONFIG.apiBase;
export const IDP_URL = `http://127.0.0.1:${apiPorts(env).idp}`;

/** Each remote's federation name, its workspace directory and where its files are (ORIGIN_LAYOUT). */
export const REMOTE_APPS = apps.slice(1).map((app) => ({
  name: app.name,
  dir: app.dir,
  url: remoteBaseUrl(app.name as RemoteName, env),
}));

/**
 * Ports for the deployment a spec runs itself (host, then the four remotes),
 * because it stops and restarts servers: Playwright's own web servers would
 * be restarted behind its back (toolchain.md).
 */
export const ISOLATED_BASE_PORT = Number(env.E2E_ISOLATED_PORT ?? host.port + 100);
export const ISOLATED_HOST_URL = `http://localhost:${ISOLATED_BASE_PORT}`;

export const STATE_DIR = join(ROOT, 'e2e', '.state');
export { ROOT };

/** Ports of the release deployment that releases.spec.ts composes (app origin, then its release store). */
export const RELEASES_BASE_PORT = Number(env.E2E_RELEASES_PORT ?? host.port + 200);
export const RELEASES_HOST_URL = `http://localhost:${RELEASES_BASE_PORT}`;

/** The e2e API's METRICS_TOKEN: releases.spec.ts's canary watcher reads the load figures with it. */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';
