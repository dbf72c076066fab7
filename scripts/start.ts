// `pnpm start`: build what is missing, then serve the composed production
// deployment (host, four remotes and the API under one origin by default,
// docs/architecture.md §3; the dev identity provider on its own) and print one banner. Ctrl-C (or SIGTERM) stops all of it.
// Run as `node --import tsx` (one process, so a SIGTERM reaches this script
// and nothing SIGKILLs it mid-stop: docs/decisions.md, "One process per
// script"); tsx lets it read the one port table in shared/ directly.

import { buildWhatIsMissing } from './lib/build';
import { API_BUILD, staticApps } from './lib/deployables';
import { type Deployment, deploymentPorts, StartAborted, startDeployment } from './lib/deployment';
import { assertPortsFree, PortsInUseError } from './lib/ports';

const env = process.env;
const log = (line: string) => console.log(`start: ${line}`);

function banner(deployment: Deployment): string {
  const width = Math.max(...deployment.origins.map((origin) => origin.label.length));
  const rows = deployment.origins.map(
    (origin) => `    ${origin.label.padEnd(width)}  ${origin.url}`,
  );
  const source = deployment.releaseDir
    ? [
        `  Serving the live releases of ${deployment.releaseDir}; a canary watcher rolls back`,
        '  a canary that fails in browsers. How each version loads:',
        `    METRICS_TOKEN=${deployment.metricsToken} pnpm registry status`,
        '',
      ]
    : [];
  return [
    '',
    `  Stride is running: open ${deployment.hostUrl}`,
    '',
    ...source,
    ...rows,
    '',
    '  Ctrl-C stops everything.',
    '',
  ].join('\n');
}

function fail(error: unknown): never {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof PortsInUseError ? 2 : 1);
}

async function main(): Promise<void> {
  // Signal handlers first: a Ctrl-C or SIGTERM at any moment, mid-build or
  // while the API boots in its own process group, must stop everything.
  const starting = new AbortController();
  let deployment: Deployment | undefined;
  // Settles once a start-up in progress has stopped what it started.
  let startup: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping…`);
    starting.abort();
    await startup.catch(() => {});
    await deployment?.close();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));

  // Before building: a clash should not cost a minute of build first.
  await assertPortsFree(deploymentPorts(env)).catch(fail);
  if (stopping) return;
  const built = await buildWhatIsMissing([...staticApps(env), API_BUILD], starting.signal).catch(
    (error: unknown) => (stopping ? [] : fail(error)),
  );
  if (stopping) return;
  if (built.length > 0) log(`built ${built.map((app) => app.dir).join(', ')}`);

  const started = startDeployment({
    // Request logs would bury the banner; LOG_LEVEL=info brings them back.
    env: { ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    onApiLine: (line) => console.log(`api │ ${line}`),
    onWatcherLine: (line) => console.log(`canary watcher │ ${line}`),
    onApiExit: (why) => void stop(`the API stopped unexpectedly (${why})`, 1),
    signal: starting.signal,
  });
  startup = started;
  try {
    deployment = await started;
  } catch (error) {
    // A stop during start-up: startDeployment has already stopped what it started.
    if (error instanceof StartAborted || stopping) return;
    fail(error);
  }
  console.log(banner(deployment));
}

main().catch(fail);
