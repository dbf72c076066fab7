// The deployable parts as the scripts see them: the five static apps (from the
// one table of apps and ports in shared/) and the API. Edit shared/src/topology.ts
// to add an app or change a default port, not this file.
import { fileURLToPath } from 'node:url';
import * as federation from '@stride/shared/topology';

const {
  apiPort,
  devIdpPort,
  HOST,
  hostPort,
  localAppConfig,
  REMOTES,
  releaseBase,
  releaseStorePort,
  remoteBaseUrl,
  remotePort,
} = federation;
type RemoteName = federation.RemoteName;

export type Env = Record<string, string | undefined>;

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Anything `pnpm --filter ./<dir> build` builds into `<dir>/dist/<marker>`. */
export interface Buildable {
  /** Workspace directory, relative to the root. */
  dir: string;
  /** The file a build writes last-ish and that a served app cannot do without. */
  marker: string;
}

/** The API's compiled JavaScript, which `pnpm --filter @stride/api start` runs. */
export const API_BUILD: Buildable = { dir: 'api', marker: 'server.js' };

export interface StaticApp extends Buildable {
  /** `host` or the remote's federation name. */
  name: string;
  port: number;
  /** Only the host is a single-page app with routes; remotes serve files. */
  spa: boolean;
}

export function staticApps(env: Env): StaticApp[] {
  const remotes = (Object.keys(REMOTES) as RemoteName[]).map((name) => ({
    name,
    dir: REMOTES[name].dir,
    port: remotePort(name, env),
    spa: false,
    marker: 'mf-manifest.json',
  }));
  return [
    { name: HOST.name, dir: HOST.dir, port: hostPort(env), spa: true, marker: 'index.html' },
    ...remotes,
  ];
}

export interface ApiPorts {
  api: number;
  idp: number;
}

export function apiPorts(env: Env): ApiPorts {
  return { api: apiPort(env), idp: devIdpPort(env) };
}

export { releaseStoreDir } from '@stride/deploy';
export { localAppConfig, releaseBase, releaseStorePort, remoteBaseUrl };
