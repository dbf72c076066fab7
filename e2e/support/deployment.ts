// The composed deployment the suites run against, started from a global
// setup (Playwright's runner process, so it lives for the whole run): the
// apps' production builds under one origin (ORIGIN_LAYOUT), the real API with the
// dev identity provider on a fresh SQLite file, its log in e2e/.state/.
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startDeployment } from '@stride/scripts/deployment';
import {
  E2E_METRICS_TOKEN,
  HOST_URL,
  ISOLATED_HOST_URL,
  RELEASES_HOST_URL,
  STATE_DIR,
} from './env';

export interface SuiteDeployment {
  /** The SQLite file and the API log are named after it, under e2e/.state/. */
  name: string;
  /** Builds to serve instead of the apps' own dist/ (the skew matrix). */
  distDirs?: Partial<Record<string, string>>;
}

/** Starts it; resolves to the teardown. */
export async function startSuiteDeployment({
  name,
  distDirs,
}: SuiteDeployment): Promise<() => Promise<void>> {
  mkdirSync(STATE_DIR, { recursive: true });
  const database = join(STATE_DIR, `${name}.db`);
  for (const file of [database, `${database}-wal`, `${database}-shm`])
    rmSync(file, { force: true });
  const logFile = join(STATE_DIR, `${name}-api.log`);
  const apiLog = createWriteStream(logFile);
  const deployment = await startDeployment({
    env: process.env,
    apiEnv: {
      SQLITE_PATH: database,
      LOG_LEVEL: 'info',
      // The remote-down and releases specs serve their own hosts on other ports; they call the same API.
      ALLOWED_ORIGINS: [HOST_URL, ISOLATED_HOST_URL, RELEASES_HOST_URL].join(','),
      // Every test signs in afresh; two workers must not hit the per-minute cap.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every page load of the suite reports its remote loads from this one address,
      // and each fresh browser there counts as a browser of its own (releases.spec.ts's
      // canary needs 20; a real deployment counts 3 per address).
      TELEMETRY_RATE_LIMIT_PER_MINUTE: '100000',
      TELEMETRY_CLIENTS_PER_ADDRESS: '100000',
      // The canary watcher of releases.spec.ts reads the load figures.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
    },
    // The suite runs on the apps' own builds; a developer's .releases/ must not change that.
    // (releases.spec.ts composes a release deployment of its own.)
    releaseDir: join(STATE_DIR, 'no-releases'),
    ...(distDirs ? { distDirs } : {}),
    onApiLine: (line) => apiLog.write(`${line}\n`),
    onApiExit: (why) =>
      console.error(`e2e: the API stopped during the run (${why}); see ${logFile}`),
  });
  console.log(`e2e: deployment up at ${HOST_URL} (API log: ${logFile})`);
  return async () => {
    await deployment.close();
    apiLog.end();
  };
}
