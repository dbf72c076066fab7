/**
 * The five federated apps: their federation names, the page each remote
 * exposes, whether it offers commands to the host's palette (`./commands`,
 * from src/commands.ts), and their default ports (docs/architecture.md §1–§3); the API's
 * and the release store's ports. The host's router, the API, the deploy
 * CLI, the start scripts and every rsbuild.config.ts read this one table:
 * at the package's top, not under federation/, because most readers are not
 * building a federated app (`@stride/shared/topology`).
 */
import { withoutTrailingSlashes } from './url';

export const REMOTES = {
  remote_auth: {
    dir: 'remote-auth',
    port: 3001,
    portEnv: 'REMOTE_AUTH_PORT',
    exposes: [
      'LoginPage',
      'AuthCallbackPage',
      'AuthSuccessPage',
      'AuthErrorPage',
      'OnboardingPage',
    ],
    commands: false,
  },
  remote_dashboard: {
    dir: 'remote-dashboard',
    port: 3002,
    portEnv: 'REMOTE_DASHBOARD_PORT',
    exposes: ['DashboardPage'],
    commands: false,
  },
  remote_goals: {
    dir: 'remote-goals',
    port: 3003,
    portEnv: 'REMOTE_GOALS_PORT',
    exposes: ['GoalsPage'],
    commands: true,
  },
  remote_tasks: {
    dir: 'remote-tasks',
    port: 3004,
    portEnv: 'REMOTE_TASKS_PORT',
    // GoalTaskList: the goal page's `goalTasks` slot (federation/slots.ts).
    exposes: ['TasksPage', 'GoalTaskList'],
    commands: true,
  },
} as const;

export type RemoteName = keyof typeof REMOTES;

export const HOST = { name: 'host', dir: 'host', port: 3000, portEnv: 'HOST_PORT' } as const;

export const API_DEFAULTS = {
  port: 8000,
  portEnv: 'API_PORT',
  basePath: '/api',
  idpPort: 9000,
  idpPortEnv: 'DEV_IDP_PORT',
} as const;

/**
 * The release store (docs/architecture.md §9): a folder laid out like a CDN bucket.
 * `pnpm start` serves it under the page's origin at `/releases/`, or on its
 * own port when each app has its own origin (`ORIGIN_LAYOUT=per-app`).
 */
export const RELEASE_STORE = {
  dir: '.releases',
  dirEnv: 'RELEASE_DIR',
  port: 3010,
  portEnv: 'RELEASE_PORT',
  baseEnv: 'RELEASE_BASE',
} as const;

/**
 * The deployment document's path on the host's origin (docs/architecture.md §2):
 * the runtime config, or the release registry, that the host reads at boot.
 */
export const DEPLOYMENT_DOCUMENT_PATH = '/app-config.json';

/**
 * Where each part of a composed deployment answers (docs/architecture.md §3).
 * `one` (the default): the host's origin serves every part by path, so a
 * phone's first load opens one connection, not six: the remotes under
 * `/remotes/<name>/`, the release store under `/releases/`, the API under
 * `/api/`. `per-app`: each app on its own port, as a team that hosts its
 * remote elsewhere would run it; cross-origin loading and CORS stay tested
 * through it. The dev identity provider keeps its own origin in both: it
 * stands in for Google and Apple.
 */
export const ORIGIN_LAYOUT = {
  env: 'ORIGIN_LAYOUT',
  values: ['one', 'per-app'],
  paths: { remotes: '/remotes', releases: '/releases' },
} as const;

export type OriginLayout = (typeof ORIGIN_LAYOUT.values)[number];

type Env = Record<string, string | undefined>;

function portFrom(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a port number (1-65535), got "${raw}"`);
  }
  return port;
}

export function hostPort(env: Env): number {
  return portFrom(env, HOST.portEnv, HOST.port);
}

export function remotePort(name: RemoteName, env: Env): number {
  return portFrom(env, REMOTES[name].portEnv, REMOTES[name].port);
}

export function apiPort(env: Env): number {
  return portFrom(env, API_DEFAULTS.portEnv, API_DEFAULTS.port);
}

export function devIdpPort(env: Env): number {
  return portFrom(env, API_DEFAULTS.idpPortEnv, API_DEFAULTS.idpPort);
}

/** The API on this machine at its default port: what the front end calls before a runtime config says otherwise. */
export const DEFAULT_API_BASE = `http://localhost:${API_DEFAULTS.port}${API_DEFAULTS.basePath}`;

/**
 * The one rule for the local identity provider: the API starts it outside
 * production unless Google and Apple are both configured (each provider it
 * lacks is played by the dev provider). The API and `pnpm start` both ask here.
 */
export function needsDevIdp(deployment: {
  production: boolean;
  google: boolean;
  apple: boolean;
}): boolean {
  return !deployment.production && !(deployment.google && deployment.apple);
}

export function releaseStorePort(env: Env): number {
  return portFrom(env, RELEASE_STORE.portEnv, RELEASE_STORE.port);
}

export function originLayout(env: Env): OriginLayout {
  const raw = env[ORIGIN_LAYOUT.env];
  if (raw === undefined || raw === '') return 'one';
  if ((ORIGIN_LAYOUT.values as readonly string[]).includes(raw)) return raw as OriginLayout;
  throw new Error(
    `${ORIGIN_LAYOUT.env} must be one of ${ORIGIN_LAYOUT.values.join(', ')}, got "${raw}"`,
  );
}

/** The host's origin on this machine: the page's address. */
export function hostOrigin(env: Env): string {
  return `http://localhost:${hostPort(env)}`;
}

/** Where a remote's files are served from: a path of the host's origin, or its own origin. */
export function remoteBaseUrl(name: RemoteName, env: Env): string {
  return originLayout(env) === 'one'
    ? `${hostOrigin(env)}${ORIGIN_LAYOUT.paths.remotes}/${name}`
    : `http://localhost:${remotePort(name, env)}`;
}

/** The public URL of the release store, written into a new registry as `releaseBase`. */
export function releaseBase(env: Env): string {
  const local =
    originLayout(env) === 'one'
      ? `${hostOrigin(env)}${ORIGIN_LAYOUT.paths.releases}`
      : `http://localhost:${releaseStorePort(env)}`;
  return withoutTrailingSlashes(env[RELEASE_STORE.baseEnv] ?? local);
}

/** The API's public base URL: under the host's origin, or on the API's own port. */
export function apiBaseUrl(env: Env): string {
  if (env.API_BASE) return env.API_BASE;
  const origin = originLayout(env) === 'one' ? hostOrigin(env) : `http://localhost:${apiPort(env)}`;
  return `${origin}${API_DEFAULTS.basePath}`;
}

/** The runtime config a local deployment serves as the host's `/app-config.json`. */
export function localAppConfig(env: Env): { apiBase: string; remotes: Record<RemoteName, string> } {
  const remotes = Object.fromEntries(
    (Object.keys(REMOTES) as RemoteName[]).map((name) => [
      name,
      `${remoteBaseUrl(name, env)}/mf-manifest.json`,
    ]),
  ) as Record<RemoteName, string>;
  return { apiBase: apiBaseUrl(env), remotes };
}
