// The scaled deployment on one machine (`pnpm start:scaled`): PostgreSQL and
// Redis (already running: `npm run setup -- --scaled`), the dev identity
// provider as a process of its own, N API instances, and nginx in front as the
// public origin of the API and the server of the static apps (one origin by
// default, docs/architecture.md §3), rendered from the deploy recipe in
// deploy/nginx/.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect } from 'node:net';
import { join } from 'node:path';
import { builtAssetsByRemote } from '@stride/deploy';
import {
  type DeploymentDocument,
  nginxAddHeaders,
  pageSecurityHeaders,
} from '@stride/shared/page-headers';
import { ORIGIN_LAYOUT, originLayout } from '@stride/shared/topology';
import { apiPorts, type Env, localAppConfig, ROOT, staticApps } from './deployables';
import { fixedServerPages } from './server-pages';

export const STATE_DIR = join(ROOT, '.scaled');

/**
 * Where the instances listen, and so the address nginx reaches them from:
 * the one proxy the instances trust (TRUST_PROXY) to name the client.
 */
export const INSTANCE_ADDRESS = '127.0.0.1';

export interface ScaledPlan {
  /** The API's own public port (nginx), when it has an origin of its own (ORIGIN_LAYOUT=per-app). */
  apiPort: number;
  /** One port per API instance, on 127.0.0.1. */
  instancePorts: number[];
  idpPort: number;
  databaseUrl: string;
  redisUrl: string;
  metricsToken: string;
}

export const DEFAULT_DATABASE_URL = 'postgres://stride:stride@localhost:5432/stride_scaled';
export const DEFAULT_REDIS_URL = 'redis://localhost:6379';

function positive(env: Env, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, got "${raw}"`);
  }
  return value;
}

/** Fills `${NAME}` placeholders; a placeholder without a value is an error, never left in. */
export function render(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`nginx template: no value for \${${name}}`);
    return value;
  });
}

/**
 * nginx's `user` line for serving `dir`. Started as root, nginx runs its
 * workers as another user (www-data), who cannot read a checkout in a
 * private folder (/root/…, any `mktemp -d`): every file then answers 404
 * while the deployment looks up. So the workers run as the checkout's owner.
 * Started as anyone else, nginx cannot switch users and the line is left out.
 */
export function nginxUserLine(dir: string, runningAs = process.getuid?.()): string {
  if (runningAs !== 0) return '';
  const { uid, gid } = statSync(dir);
  const name = (database: 'passwd' | 'group', id: number) => {
    try {
      return execFileSync('getent', [database, String(id)], { encoding: 'utf8' }).split(':')[0];
    } catch {
      return undefined; // no such entry: getent exits 2
    }
  };
  const user = name('passwd', uid);
  const group = name('group', gid);
  if (!user) throw new Error(`nginx: no user name for uid ${uid}, the owner of ${dir}`);
  return `user ${user}${group ? ` ${group}` : ''};\n`;
}

const recipe = (file: string) => readFileSync(join(ROOT, 'deploy', 'nginx', file), 'utf8');

/** The host's runtime config (`/app-config.json`), and the file nginx serves it from. */
export interface AppConfigFile {
  path: string;
  document: DeploymentDocument;
}

/** nginx.conf for this machine: the recipe, plus what a standalone nginx needs (paths, pid, logs). */
export function nginxConfig(
  env: Env,
  plan: ScaledPlan,
  appConfig: AppConfigFile,
  serverPages: ReadonlyMap<string, string> = new Map(),
): string {
  const [host, ...remotes] = staticApps(env);
  if (!host) throw new Error('No host app');
  const dist = (dir: string) => join(ROOT, dir, 'dist');
  const oneOrigin = originLayout(env) === 'one';
  const apiLocations = recipe('api.conf.template');
  const securityHeaders = nginxAddHeaders(pageSecurityHeaders(appConfig.document));
  const site = render(recipe('stride.conf.template'), {
    API_UPSTREAMS: plan.instancePorts
      .map((port) => `    server ${INSTANCE_ADDRESS}:${port} max_fails=1 fail_timeout=2s;`)
      .join('\n'),
    API_SERVER: oneOrigin
      ? ''
      : render(recipe('api-server.conf.template'), {
          API_LISTEN: String(plan.apiPort),
          API_SERVER_NAME: 'localhost',
          API_LOCATIONS: apiLocations,
        }),
    HOST_LISTEN: String(host.port),
    HOST_SERVER_NAME: 'localhost',
    HOST_ROOT: dist(host.dir),
    HOST_MOUNTS: oneOrigin
      ? [
          apiLocations,
          ...remotes.map((remote) =>
            render(recipe('remote-location.conf.template'), {
              REMOTE_PATH: `${ORIGIN_LAYOUT.paths.remotes}/${remote.name}/`,
              REMOTE_ROOT: dist(remote.dir),
            }),
          ),
        ].join('\n')
      : '',
    SERVER_PAGES: [...serverPages]
      .map(([path, file]) =>
        render(recipe('server-page-location.conf.template'), {
          PAGE_PATH: path,
          PAGE_FILE: file,
          HOST_SECURITY_HEADERS: securityHeaders,
        }),
      )
      .join('\n'),
    APP_CONFIG_FILE: appConfig.path,
    HOST_SECURITY_HEADERS: securityHeaders,
    REMOTE_SERVERS: oneOrigin
      ? ''
      : remotes
          .map((remote) =>
            render(recipe('remote.conf.template'), {
              REMOTE_LISTEN: String(remote.port),
              REMOTE_SERVER_NAME: 'localhost',
              REMOTE_ROOT: dist(remote.dir),
            }),
          )
          .join('\n'),
  });
  const state = (name: string) => join(STATE_DIR, 'nginx', name);
  return `# Generated by pnpm start:scaled from deploy/nginx/: edit the recipe, not this file.
${nginxUserLine(ROOT)}worker_processes 2;
pid ${state('nginx.pid')};
error_log ${state('error.log')} warn;
events { worker_connections 1024; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    sendfile on;
    client_body_temp_path ${state('client_body')};
    proxy_temp_path ${state('proxy')};
    fastcgi_temp_path ${state('fastcgi')};
    uwsgi_temp_path ${state('uwsgi')};
    scgi_temp_path ${state('scgi')};
${site}
}
`;
}

export function scaledPlan(env: Env): ScaledPlan {
  // The API's own public port (ORIGIN_LAYOUT=per-app); the instances listen just above it either way.
  const apiPort = apiPorts(env).api;
  const instances = positive(env, 'API_INSTANCES', 2, 8);
  return {
    apiPort,
    instancePorts: Array.from({ length: instances }, (_, i) => apiPort + 1 + i),
    idpPort: positive(env, 'DEV_IDP_PORT', 9000, 65_535),
    databaseUrl: env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: env.REDIS_URL ?? DEFAULT_REDIS_URL,
    metricsToken: env.METRICS_TOKEN ?? '',
  };
}

/**
 * Writes nginx.conf, the host's app-config.json and the pages sent as HTML
 * (server-pages.ts) into .state/; returns the nginx.conf path.
 */
export async function writeNginxFiles(env: Env, plan: ScaledPlan): Promise<string> {
  const dir = join(STATE_DIR, 'nginx');
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(join(dir, sub), { recursive: true });
  }
  // The page assets of the builds nginx serves, so the host starts the first route's files at once.
  const [host, ...remotes] = staticApps(env);
  if (!host) throw new Error('No host app');
  const dists = Object.fromEntries(
    remotes.map((remote) => [remote.name, join(ROOT, remote.dir, 'dist')]),
  );
  const appConfig = {
    path: join(STATE_DIR, 'app-config.json'),
    document: { ...localAppConfig(env), assets: builtAssetsByRemote(dists) },
  };
  writeFileSync(appConfig.path, JSON.stringify(appConfig.document));
  // Fixed builds: every browser gets the same page, so it is composed once, here.
  const pages = await fixedServerPages(
    { document: () => appConfig.document, buildDir: (remote) => dists[remote] },
    join(ROOT, host.dir, 'dist'),
  );
  const pagesDir = join(dir, 'pages');
  rmSync(pagesDir, { recursive: true, force: true });
  mkdirSync(pagesDir, { recursive: true });
  const pageFiles = new Map<string, string>();
  for (const [path, html] of pages) {
    const file = join(pagesDir, `${path.slice(1).replaceAll('/', '-')}.html`);
    writeFileSync(file, html);
    pageFiles.set(path, file);
  }
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, nginxConfig(env, plan, appConfig, pageFiles));
  return file;
}

/** The little of `pg` used here (its types live in the API's package). */
interface PgModule {
  Client: new (options: {
    connectionString: string;
    connectionTimeoutMillis: number;
  }) => {
    connect(): Promise<void>;
    query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }>;
    end(): Promise<void>;
  };
}

/** True when Redis answers PING at `url` within a second. */
export function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname || 'localhost', port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** Creates the scaled deployment's database when it is missing (the role needs CREATEDB). */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  // pg is the API's dependency; the root scripts borrow it rather than add a copy.
  const pg = createRequire(join(ROOT, 'api', 'package.json'))('pg') as PgModule;
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`DATABASE_URL names "${name}": use lower-case letters, digits and _`);
  }
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.href, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL does not answer at ${url.host} (${error instanceof Error ? error.message : error}); run: npm run setup -- --scaled`,
    );
  }
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('nginx is not installed; run: npm run setup -- --scaled');
}
