// The composed production deployment on one machine: each built app served
// from its own origin by the static server (docs/architecture.md §2 cache rules), the
// host's /app-config.json pointing at them, and the API (which starts the dev
// identity provider itself). `pnpm start` and the e2e global setup both run it.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { hasReleases, readRegistry, startCanaryWatcher, type Watcher } from '@stride/deploy';
import { needsDevIdp } from '@stride/shared/topology';
import {
  apiPorts,
  type Env,
  localAppConfig,
  ROOT,
  releaseStoreDir,
  releaseStorePort,
  staticApps,
} from './deployables';
import { assertPortsFree, type NamedPort } from './ports';
import { type Managed, StartAborted, spawnGroup, stopGroup, waitUntilAnswering } from './processes';
import { startAppServer, startReleaseStore } from './release-servers';
import { startStaticServer } from './static-server.mjs';

export { StartAborted };

export interface DeploymentOptions {
  env: Env;
  /** Extra environment for the API only (the e2e run's own database, say). */
  apiEnv?: Env;
  /** Each line the API prints; default: nowhere. */
  onApiLine?: (line: string) => void;
  /** Each line the canary watcher prints (release mode only); default: as an API line. */
  onWatcherLine?: (line: string) => void;
  /** Called if the API exits while the deployment is up (not when `close` stops it). */
  onApiExit?: (reason: string) => void;
  /** How long the API may take to answer (it compiles nothing, but tsx starts cold). */
  apiTimeoutMs?: number;
  /** The release store; default `RELEASE_DIR` or `.releases/`. */
  releaseDir?: string;
  /**
   * A build to serve instead of an app's own `dist/`, by app name: the skew
   * matrix composes one app's candidate with the others' live builds.
   */
  distDirs?: Partial<Record<string, string>>;
  /**
   * Stops a start-up in progress: whatever has started (servers, the API's
   * process group) is stopped and `startDeployment` rejects with `StartAborted`.
   */
  signal?: AbortSignal;
}

export interface Origin {
  label: string;
  url: string;
}

export interface Deployment {
  hostUrl: string;
  /** The release store in use, when it holds releases (docs/architecture.md §9); else the apps' dist/ builds. */
  releaseDir: string | null;
  /**
   * Release mode: the API's METRICS_TOKEN (yours, or one made for this run),
   * which `pnpm registry status` needs to show how each version loads.
   */
  metricsToken: string | null;
  origins: Origin[];
  close: () => Promise<void>;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Whether the API will start the dev identity provider, by the API's own rule. */
function withDevIdp(env: Env): boolean {
  return needsDevIdp({
    production: env.NODE_ENV === 'production',
    google: Boolean(env.GOOGLE_CLIENT_ID),
    apple: Boolean(env.APPLE_CLIENT_ID),
  });
}

/** Every port the deployment will listen on, by name. */
export function deploymentPorts(
  env: Env,
  apiEnv: Env = {},
  releaseDir = releaseStoreDir(env),
): NamedPort[] {
  const ports = apiPorts(env);
  const wanted: NamedPort[] = staticApps(env).map((app) => ({ label: app.name, port: app.port }));
  if (hasReleases(releaseDir)) wanted.push({ label: 'release store', port: releaseStorePort(env) });
  wanted.push({ label: 'api', port: ports.api });
  if (withDevIdp({ ...env, ...apiEnv })) {
    wanted.push({ label: 'dev identity provider', port: ports.idp });
  }
  return wanted;
}

export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const {
    env,
    apiEnv = {},
    onApiLine = () => {},
    onWatcherLine = (line: string) => onApiLine(`canary watcher: ${line}`),
    onApiExit = () => {},
    apiTimeoutMs = 60_000,
    releaseDir = releaseStoreDir(env),
    distDirs = {},
    signal,
  } = options;
  const apps = staticApps(env);
  const ports = apiPorts(env);
  const withIdp = withDevIdp({ ...env, ...apiEnv });
  const withReleases = hasReleases(releaseDir);
  const storeUrl = `http://localhost:${releaseStorePort(env)}`;
  await assertPortsFree(deploymentPorts(env, apiEnv, releaseDir));

  const host = apps[0];
  if (!host) throw new Error('No host app');
  const hostUrl = `http://localhost:${host.port}`;
  const appConfig = localAppConfig(env);
  // Release mode: the canary watcher reads the API's load figures with this token.
  const metricsToken = withReleases
    ? (apiEnv.METRICS_TOKEN ?? env.METRICS_TOKEN ?? randomBytes(18).toString('base64url'))
    : null;
  const servers: Server[] = [];
  let api: Managed | undefined;
  let watcher: Watcher | undefined;
  let closing = false;
  const close = async () => {
    closing = true;
    await Promise.all([
      ...servers.map(closeServer),
      api ? stopGroup(api.child) : undefined,
      watcher?.stop(),
    ]);
  };
  const checkAborted = () => {
    if (signal?.aborted) throw new StartAborted();
  };

  try {
    checkAborted();
    if (withReleases) {
      servers.push(await startReleaseStore(releaseDir, releaseStorePort(env)));
      servers.push(
        await startAppServer({
          storeDir: releaseDir,
          port: host.port,
          apiBase: appConfig.apiBase,
          releaseBase: storeUrl,
          localRemotes: appConfig.remotes,
          hostDist: join(ROOT, host.dir, 'dist'),
          onError: (message) => onApiLine(`release store: ${message}`),
        }),
      );
    }
    for (const app of withReleases ? apps.slice(1) : apps) {
      const root = distDirs[app.name] ?? join(ROOT, app.dir, 'dist');
      servers.push(
        await startStaticServer({
          root,
          port: app.port,
          spa: app.spa,
          ...(app.spa ? { appConfig } : {}),
        }),
      );
    }
    checkAborted();
    // The API's public URL (Apple's form_post target) follows API_PORT unless set.
    const apiPublicUrl = env.API_PUBLIC_URL ?? `http://localhost:${ports.api}`;
    // Its own process group, so stopping it stops pnpm and node together.
    api = spawnGroup(
      'The API',
      'pnpm',
      ['--filter', '@stride/api', 'start'],
      {
        ...env,
        APP_ORIGIN: hostUrl,
        API_PUBLIC_URL: apiPublicUrl,
        ...apiEnv,
        ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}),
      },
      (line) => closing || onApiLine(line),
    );
    const probes = [`http://127.0.0.1:${ports.api}/api/health/`];
    if (withIdp) probes.push(`http://127.0.0.1:${ports.idp}/.well-known/openid-configuration`);
    await waitUntilAnswering(api, probes, apiTimeoutMs, signal);
    // One watcher per deployment, however many API instances serve it (docs/architecture.md §9).
    if (withReleases) {
      watcher = startCanaryWatcher({
        store: releaseDir,
        env: { ...env, METRICS_TOKEN: metricsToken ?? undefined },
        log: onWatcherLine,
      });
    }
  } catch (error) {
    await close();
    throw error;
  }
  api?.child.once('exit', (code, exitSignal) => {
    if (!closing) onApiExit(exitSignal ?? `exit code ${code}`);
  });

  // In release mode an app the registry serves is named by its live version
  // (`pnpm registry` changes it without a restart; the About panel has the rest).
  const live = (name: string): string | undefined => {
    try {
      return (readRegistry(releaseDir)?.apps as Record<string, { live: string }> | undefined)?.[
        name
      ]?.live;
    } catch {
      return undefined;
    }
  };
  const origins: Origin[] = [
    ...apps.map((app) => {
      const version = withReleases ? live(app.name) : undefined;
      if (app.spa) {
        const url = `http://localhost:${app.port}`;
        return { label: app.name, url: version ? `${url}  (release ${version})` : url };
      }
      return {
        label: app.name,
        url: version
          ? `${storeUrl}/${app.name}/${version}/mf-manifest.json`
          : `http://localhost:${app.port}/mf-manifest.json`,
      };
    }),
    ...(withReleases ? [{ label: 'release store', url: storeUrl }] : []),
    { label: 'api', url: appConfig.apiBase },
    ...(withIdp ? [{ label: 'dev identity provider', url: `http://127.0.0.1:${ports.idp}` }] : []),
  ];
  return {
    hostUrl,
    releaseDir: withReleases ? releaseDir : null,
    metricsToken,
    origins,
    close,
  };
}
