// The composed production deployment on one machine: each built app served
// by the static server (docs/architecture.md §2 cache rules), all under the
// host's origin by path or each on its own (ORIGIN_LAYOUT, §3), the host's
// /app-config.json pointing at them, and the API (which starts the dev
// identity provider itself). `pnpm start` and the e2e global setup both run it.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { join } from 'node:path';
import {
  builtAssetsByRemote,
  hasReleases,
  readRegistry,
  startCanaryWatcher,
  type Watcher,
} from '@stride/deploy';
import type { DeploymentDocument } from '@stride/shared/page-headers';
import {
  hostOrigin,
  needsDevIdp,
  ORIGIN_LAYOUT,
  type OriginLayout,
  originLayout,
  releaseBase,
} from '@stride/shared/topology';
import {
  type ApiPorts,
  apiPorts,
  type Env,
  localAppConfig,
  ROOT,
  releaseStoreDir,
  releaseStorePort,
  type StaticApp,
  staticApps,
} from './deployables';
import { apiProxy, type Mount, routeByPath } from './one-origin';
import { assertPortsFree, type NamedPort } from './ports';
import { type Managed, StartAborted, spawnGroup, stopGroup, waitUntilAnswering } from './processes';
import { releaseStoreHandler, startAppServer, startReleaseStore } from './release-servers';
import { type ServerPageSources, serverPage, warmPageBundles } from './server-pages';
import { createStaticHandler, listen, type StaticHandler } from './static-server';

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
  const oneOrigin = originLayout(env) === 'one';
  const apps = staticApps(env);
  const wanted: NamedPort[] = (oneOrigin ? apps.slice(0, 1) : apps).map((app) => ({
    label: app.name,
    port: app.port,
  }));
  if (hasReleases(releaseDir) && !oneOrigin) {
    wanted.push({ label: 'release store', port: releaseStorePort(env) });
  }
  wanted.push({ label: 'api', port: ports.api });
  if (withDevIdp({ ...env, ...apiEnv })) {
    wanted.push({ label: 'dev identity provider', port: ports.idp });
  }
  return wanted;
}

/** The options with their defaults, and what follows from them: what every step reads. */
interface Plan {
  env: Env;
  apiEnv: Env;
  onApiLine: (line: string) => void;
  onWatcherLine: (line: string) => void;
  onApiExit: (reason: string) => void;
  apiTimeoutMs: number;
  releaseDir: string;
  distDirs: Partial<Record<string, string>>;
  signal: AbortSignal | undefined;
  apps: StaticApp[];
  ports: ApiPorts;
  layout: OriginLayout;
  withIdp: boolean;
  withReleases: boolean;
  storeUrl: string;
}

/** What the browser is pointed at, worked out once the ports are known to be free. */
interface Site {
  host: StaticApp;
  hostUrl: string;
  appConfig: ReturnType<typeof localAppConfig>;
  metricsToken: string | null;
}

/** What has started so far: all of it is stopped if a later step fails. */
interface Running {
  servers: Server[];
  api?: Managed;
  watcher?: Watcher;
  closing: boolean;
}

function planDeployment(options: DeploymentOptions): Plan {
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
  return {
    env,
    apiEnv,
    onApiLine,
    onWatcherLine,
    onApiExit,
    apiTimeoutMs,
    releaseDir,
    distDirs,
    signal,
    apps: staticApps(env),
    ports: apiPorts(env),
    layout: originLayout(env),
    withIdp: withDevIdp({ ...env, ...apiEnv }),
    withReleases: hasReleases(releaseDir),
    // This deployment's store, whatever RELEASE_BASE a registry was first written with.
    storeUrl: releaseBase({ ...env, RELEASE_BASE: undefined }),
  };
}

function siteOf(plan: Plan): Site {
  const host = plan.apps[0];
  if (!host) throw new Error('No host app');
  return {
    host,
    hostUrl: hostOrigin(plan.env),
    appConfig: localAppConfig(plan.env),
    // Release mode: the canary watcher reads the API's load figures with this token.
    metricsToken: plan.withReleases
      ? (plan.apiEnv.METRICS_TOKEN ??
        plan.env.METRICS_TOKEN ??
        randomBytes(18).toString('base64url'))
      : null,
  };
}

/** Stops whatever has started; from here on the API's lines and exit are not reported. */
async function stopAll(running: Running): Promise<void> {
  running.closing = true;
  await Promise.all([
    ...running.servers.map(closeServer),
    running.api ? stopGroup(running.api.child) : undefined,
    running.watcher?.stop(),
  ]);
}

function checkAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new StartAborted();
}

/** An app's build: its own dist/, or the one `distDirs` names in its place. */
function distOf(plan: Plan, app: StaticApp): string {
  return plan.distDirs[app.name] ?? join(ROOT, app.dir, 'dist');
}

/**
 * The plain deployment's document, per request: the fixed URLs, and each
 * remote build's page assets as its dist/ holds them now, so the host starts
 * the first route's files at once (docs/architecture.md §2, "First load").
 */
function plainDocument(plan: Plan, site: Site): () => DeploymentDocument {
  const dists = remoteDists(plan);
  return () => ({ ...site.appConfig, assets: builtAssetsByRemote(dists) });
}

/** Each remote's build folder, by remote name. */
function remoteDists(plan: Plan): Record<string, string> {
  return Object.fromEntries(plan.apps.slice(1).map((app) => [app.name, distOf(plan, app)]));
}

/** The plain deployment's host pages: its build, with the sign-in pages sent as HTML (server-pages.ts). */
function plainHostPages(plan: Plan, site: Site, host: StaticApp): StaticHandler {
  const root = distOf(plan, host);
  const document = plainDocument(plan, site);
  const dists = remoteDists(plan);
  const sources: ServerPageSources = { document, buildDir: (remote) => dists[remote] };
  warmPageBundles(Object.values(dists));
  return createStaticHandler({
    root,
    spa: true,
    appConfig: document,
    page: (req, urlPath) => serverPage(sources, root, req, urlPath),
  });
}

/**
 * One origin (docs/architecture.md §3): the paths the host's server hands to
 * the other parts. Each remote's build under `/remotes/<name>/`, the
 * release store under `/releases/`, the API under `/api/`.
 */
function mountsOf(plan: Plan): Mount[] {
  const { remotes, releases } = ORIGIN_LAYOUT.paths;
  const mounts: Mount[] = plan.apps.slice(1).map((app) => ({
    prefix: `${remotes}/${app.name}/`,
    handler: createStaticHandler({ root: distOf(plan, app) }),
    strip: true,
  }));
  if (plan.withReleases) {
    mounts.push({
      prefix: `${releases}/`,
      handler: releaseStoreHandler(plan.releaseDir),
      strip: true,
    });
  }
  mounts.push({
    prefix: '/api/',
    handler: apiProxy(`http://127.0.0.1:${plan.ports.api}`),
    strip: false,
  });
  return mounts;
}

/**
 * The host and every remote: all behind the host's origin, or each on its
 * own; in release mode the release store too, and the host served from it.
 * Each server joins `servers` as it starts, so a failure stops the ones
 * before it.
 */
async function startAppServers(plan: Plan, site: Site, servers: Server[]): Promise<void> {
  const { apps } = plan;
  const { host } = site;
  const oneOrigin = plan.layout === 'one';
  const mounts = oneOrigin ? mountsOf(plan) : [];
  if (plan.withReleases) {
    if (!oneOrigin)
      servers.push(await startReleaseStore(plan.releaseDir, releaseStorePort(plan.env)));
    servers.push(
      await startAppServer({
        storeDir: plan.releaseDir,
        port: host.port,
        apiBase: site.appConfig.apiBase,
        releaseBase: plan.storeUrl,
        localRemotes: site.appConfig.remotes,
        hostDist: join(ROOT, host.dir, 'dist'),
        localDists: remoteDists(plan),
        onError: (message) => plan.onApiLine(`release store: ${message}`),
        mounts,
      }),
    );
  } else if (oneOrigin) {
    servers.push(await listen(routeByPath(mounts, plainHostPages(plan, site, host)), host.port));
  }
  if (oneOrigin) return;
  for (const app of plan.withReleases ? apps.slice(1) : apps) {
    const handler =
      app === host
        ? plainHostPages(plan, site, host)
        : createStaticHandler({ root: distOf(plan, app), spa: app.spa });
    servers.push(await listen(handler, app.port));
  }
}

/** The API in its own process group, so stopping it stops pnpm and node together. */
function spawnApi(plan: Plan, site: Site, running: Running): Managed {
  const { env, apiEnv, ports } = plan;
  const oneOrigin = plan.layout === 'one';
  // The API's public URL (Apple's form_post target): where browsers reach it.
  const apiPublicUrl =
    env.API_PUBLIC_URL ?? (oneOrigin ? site.hostUrl : `http://localhost:${ports.api}`);
  return spawnGroup(
    'The API',
    'pnpm',
    ['--filter', '@stride/api', 'start'],
    {
      ...env,
      APP_ORIGIN: site.hostUrl,
      API_PUBLIC_URL: apiPublicUrl,
      // Behind the host's proxy (one-origin.ts) every request comes from it: it names the client.
      ...(oneOrigin && env.TRUST_PROXY === undefined ? { TRUST_PROXY: '127.0.0.1' } : {}),
      ...apiEnv,
      ...(site.metricsToken ? { METRICS_TOKEN: site.metricsToken } : {}),
    },
    (line) => running.closing || plan.onApiLine(line),
  );
}

/** The API's health, and the dev identity provider's discovery when the API starts one. */
function apiProbes(plan: Plan): string[] {
  const probes = [`http://127.0.0.1:${plan.ports.api}/api/health/`];
  if (plan.withIdp) {
    probes.push(`http://127.0.0.1:${plan.ports.idp}/.well-known/openid-configuration`);
  }
  return probes;
}

/** One watcher per deployment, however many API instances serve it (docs/architecture.md §9). */
function startWatcher(plan: Plan, metricsToken: string | null): Watcher {
  return startCanaryWatcher({
    store: plan.releaseDir,
    env: { ...plan.env, METRICS_TOKEN: metricsToken ?? undefined },
    log: plan.onWatcherLine,
  });
}

/**
 * In release mode an app the registry serves is named by its live version
 * (`pnpm registry` changes it without a restart; the About panel has the rest).
 */
function liveVersion(releaseDir: string, name: string): string | undefined {
  try {
    return (readRegistry(releaseDir)?.apps as Record<string, { live: string }> | undefined)?.[name]
      ?.live;
  } catch {
    return undefined;
  }
}

/** Where each part answers, for the start-up banner. */
function originsOf(plan: Plan, site: Site): Origin[] {
  const { apps, withReleases, storeUrl, withIdp, ports } = plan;
  const config = site.appConfig;
  return [
    ...apps.map((app) => {
      const version = withReleases ? liveVersion(plan.releaseDir, app.name) : undefined;
      if (app.spa) {
        return {
          label: app.name,
          url: version ? `${site.hostUrl}  (release ${version})` : site.hostUrl,
        };
      }
      return {
        label: app.name,
        url: version
          ? `${storeUrl}/${app.name}/${version}/mf-manifest.json`
          : (config.remotes[app.name as keyof typeof config.remotes] ?? ''),
      };
    }),
    ...(withReleases ? [{ label: 'release store', url: storeUrl }] : []),
    { label: 'api', url: config.apiBase },
    ...(withIdp ? [{ label: 'dev identity provider', url: `http://127.0.0.1:${ports.idp}` }] : []),
  ];
}

/**
 * The steps above in the order they run. A failure or an abort part-way
 * (`StartAborted`) stops whatever has started before the promise rejects.
 */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const plan = planDeployment(options);
  await assertPortsFree(deploymentPorts(plan.env, plan.apiEnv, plan.releaseDir));
  const site = siteOf(plan);
  const running: Running = { servers: [], closing: false };
  const close = () => stopAll(running);
  try {
    checkAborted(plan.signal);
    await startAppServers(plan, site, running.servers);
    checkAborted(plan.signal);
    running.api = spawnApi(plan, site, running);
    await waitUntilAnswering(running.api, apiProbes(plan), plan.apiTimeoutMs, plan.signal);
    if (plan.withReleases) running.watcher = startWatcher(plan, site.metricsToken);
  } catch (error) {
    await close();
    throw error;
  }
  running.api.child.once('exit', (code, exitSignal) => {
    if (!running.closing) plan.onApiExit(exitSignal ?? `exit code ${code}`);
  });
  return {
    hostUrl: site.hostUrl,
    releaseDir: plan.withReleases ? plan.releaseDir : null,
    metricsToken: site.metricsToken,
    origins: originsOf(plan, site),
    close,
  };
}
