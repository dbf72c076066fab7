// `pnpm start`: build what is missing, then serve the composed production
// deployment (host, four remotes, API and dev identity provider, each on its
// own origin) and print one banner. Ctrl-C (or SIGTERM) stops all of it.
// Run with tsx so it can read the one port table in shared/ directly.
import { staticApps } from './lib/apps';
import { buildWhatIsMissing } from './lib/build';
import { type Deployment, deploymentPorts, startDeployment } from './lib/deployment';
import { assertPortsFree, PortsInUseError } from './lib/ports';

const env = process.env;
const log = (line: string) => console.log(`start: ${line}`);

function banner(deployment: Deployment): string {
  const width = Math.max(...deployment.origins.map((origin) => origin.label.length));
  const rows = deployment.origins.map(
    (origin) => `    ${origin.label.padEnd(width)}  ${origin.url}`,
  );
  const source = deployment.releaseDir
    ? [`  Serving the live releases of ${deployment.releaseDir} (pnpm registry status).`, '']
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
  // Before building: a clash should not cost a minute of build first.
  await assertPortsFree(deploymentPorts(env)).catch(fail);
  const built = await buildWhatIsMissing(staticApps(env));
  if (built.length > 0) log(`built ${built.map((app) => app.dir).join(', ')}`);

  let deployment: Deployment;
  let stopping = false;
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping…`);
    await deployment.close();
    process.exit(code);
  };
  try {
    deployment = await startDeployment({
      // Request logs would bury the banner; LOG_LEVEL=info brings them back.
      env: { ...env, LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
      onApiLine: (line) => console.log(`api │ ${line}`),
      onApiExit: (why) => void stop(`the API stopped unexpectedly (${why})`, 1),
    });
  } catch (error) {
    fail(error);
  }

  process.on('SIGINT', () => void stop('SIGINT', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
  console.log(banner(deployment));
}

main().catch(fail);
