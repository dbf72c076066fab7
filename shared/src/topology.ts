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
 * The release store (docs/architecture.md §9): a folder laid out like a CDN bucket,
 * served by `pnpm start` on its own origin as the stand-in CDN.
 */
export const RELEASE_STORE = {
  dir: '.releases',
  dirEnv: 'RELEASE_DIR',
  port: 3010,
  portEnv: 'RELEASE_PORT',
  baseEnv: 'RELEASE_BASE',
} as const;

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

/** The public URL of the release store, written into a new registry as `releaseBase`. */
export function releaseBase(env: Env): string {
  return withoutTrailingSlashes(
    env[RELEASE_STORE.baseEnv] ?? `http://localhost:${releaseStorePort(env)}`,
  );
}

/** The runtime config a local deployment serves as the host's `/app-config.json`. */
export function localAppConfig(env: Env): { apiBase: string; remotes: Record<RemoteName, string> } {
  const remotes = Object.fromEntries(
    (Object.keys(REMOTES) as RemoteName[]).map((name) => [
      name,
      `http://localhost:${remotePort(name, env)}/mf-manifest.json`,
    ]),
  ) as Record<RemoteName, string>;
  return {
    apiBase: env.API_BASE ?? `http://localhost:${apiPort(env)}${API_DEFAULTS.basePath}`,
    remotes,
  };
}
