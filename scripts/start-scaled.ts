// `pnpm start:scaled`: Stride as it runs when one process is not enough —
// PostgreSQL and Redis (started by `npm run setup -- --scaled`), the dev
// identity provider as a process of its own, API_INSTANCES API instances
// (default 2) and nginx in front, on the same public ports as `pnpm start`.
// An instance that dies is started again after a second, as a supervisor
// would; Ctrl-C (or SIGTERM) stops everything.
import { randomBytes } from 'node:crypto';
import { hostOrigin, originLayout } from '@stride/shared/topology';
import { buildWhatIsMissing } from './lib/build';
import { API_BUILD, localAppConfig, ROOT, staticApps } from './lib/deployables';
import { assertPortsFree, PortsInUseError } from './lib/ports';
import {
  type Managed,
  StartAborted,
  spawnGroup,
  stopGroup,
  wait,
  waitUntilAnswering,
} from './lib/processes';
import {
  ensureDatabase,
  INSTANCE_ADDRESS,
  nginxBinary,
  redisAnswers,
  STATE_DIR,
  scaledPlan,
  writeNginxFiles,
} from './lib/scaled';

const log = (line: string) => console.log(`start:scaled: ${line}`);

/** The URL to print: its user and password left out. */
function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}

function fail(error: unknown): never {
  console.error(`start:scaled: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof PortsInUseError ? 2 : 1);
}

async function main(): Promise<void> {
  const env = { ...process.env };
  const plan = scaledPlan(env);
  plan.metricsToken ||= randomBytes(18).toString('base64url');
  const running = new Set<Managed>();
  const starting = new AbortController();
  let stopping = false;
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping…`);
    starting.abort();
    await Promise.all([...running].map((managed) => stopGroup(managed.child)));
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));

  const apps = staticApps(env);
  const oneOrigin = originLayout(env) === 'one';
  const config = localAppConfig(env);
  await assertPortsFree([
    ...(oneOrigin ? apps.slice(0, 1) : apps).map((app) => ({ label: app.name, port: app.port })),
    ...(oneOrigin ? [] : [{ label: 'api (nginx)', port: plan.apiPort }]),
    ...plan.instancePorts.map((port, i) => ({ label: `api instance ${i + 1}`, port })),
    { label: 'dev identity provider', port: plan.idpPort },
  ]).catch(fail);
  const nginx = nginxBinary();
  if (!(await redisAnswers(plan.redisUrl))) {
    fail(`Redis does not answer at ${plan.redisUrl}; run: npm run setup -- --scaled`);
  }
  await ensureDatabase(plan.databaseUrl).catch(fail);
  const built = await buildWhatIsMissing([...apps, API_BUILD], starting.signal).catch(
    (error: unknown) => (stopping ? [] : fail(error)),
  );
  if (stopping) return;
  if (built.length > 0) log(`built ${built.map((app) => app.dir).join(', ')}`);

  const hostUrl = hostOrigin(env);
  // Where browsers reach the API: the host's origin, or the API's own (ORIGIN_LAYOUT).
  const apiPublicUrl = new URL(config.apiBase).origin;
  const idpUrl = `http://127.0.0.1:${plan.idpPort}`;
  const shared = {
    ...env,
    APP_ORIGIN: hostUrl,
    API_PUBLIC_URL: apiPublicUrl,
    DEV_IDP_PORT: String(plan.idpPort),
    DEV_IDP_URL: idpUrl,
    DATABASE_URL: plan.databaseUrl,
    REDIS_URL: plan.redisUrl,
    METRICS_TOKEN: plan.metricsToken,
    // Behind nginx, which connects from loopback: the client's address (rate
    // limits) is the one nginx writes into X-Forwarded-For, and no other.
    API_HOST: INSTANCE_ADDRESS,
    TRUST_PROXY: INSTANCE_ADDRESS,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  };
  const track = (managed: Managed) => {
    running.add(managed);
    managed.child.once('exit', () => running.delete(managed));
    return managed;
  };
  const line = (label: string) => (text: string) => stopping || console.log(`${label} │ ${text}`);

  const startInstance = (index: number): Managed => {
    const label = `api ${index + 1}`;
    const port = plan.instancePorts[index] as number;
    const instance = track(
      spawnGroup(
        `API instance ${index + 1}`,
        'node',
        ['--enable-source-maps', 'api/dist/server.js'],
        { ...shared, API_PORT: String(port) },
        line(label),
      ),
    );
    instance.child.once('exit', (code, signal) => {
      if (stopping) return;
      log(
        `${label} (port ${port}) stopped (${signal ?? `exit ${code}`}); starting it again in 1 s`,
      );
      void wait(1000).then(() => stopping || startInstance(index));
    });
    return instance;
  };

  try {
    const idp = track(
      spawnGroup('The dev identity provider', 'node', ['api/dist/dev-idp.js'], shared, line('idp')),
    );
    await waitUntilAnswering(
      idp,
      [`${idpUrl}/.well-known/openid-configuration`],
      30_000,
      starting.signal,
    );
    const instances = plan.instancePorts.map((_, index) => startInstance(index));
    await Promise.all(
      instances.map((instance, index) =>
        waitUntilAnswering(
          instance,
          [`http://127.0.0.1:${plan.instancePorts[index]}/api/health/`],
          60_000,
          starting.signal,
        ),
      ),
    );
    const conf = await writeNginxFiles(env, plan);
    const proxy = track(
      spawnGroup('nginx', nginx, ['-c', conf, '-g', 'daemon off;'], env, line('nginx')),
    );
    await waitUntilAnswering(
      proxy,
      [`${config.apiBase}/health/`, hostUrl, ...Object.values(config.remotes)],
      20_000,
      starting.signal,
    );
  } catch (error) {
    if (error instanceof StartAborted || stopping) return;
    await Promise.all([...running].map((managed) => stopGroup(managed.child)));
    fail(error);
  }

  console.log(
    [
      '',
      `  Stride (scaled) is running: open ${hostUrl}`,
      '',
      `    api, through nginx      ${config.apiBase}  (balanced over ${plan.instancePorts.length} instances)`,
      ...plan.instancePorts.map(
        (port, i) => `    api instance ${i + 1}          http://127.0.0.1:${port}/api`,
      ),
      `    dev identity provider   ${idpUrl}`,
      `    PostgreSQL              ${withoutCredentials(plan.databaseUrl)}`,
      `    Redis                   ${plan.redisUrl}`,
      `    metrics (per instance)  curl -H 'Authorization: Bearer ${plan.metricsToken}' http://127.0.0.1:${plan.instancePorts[0]}/api/metrics/`,
      `    nginx configuration     ${STATE_DIR.replace(ROOT, '')}/nginx/nginx.conf (from deploy/nginx/)`,
      '',
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

main().catch(fail);
