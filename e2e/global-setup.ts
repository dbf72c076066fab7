// Before any spec: build what is missing and start the composed production
// deployment (host and four remotes from their own origins, the API with the
// dev identity provider) exactly as `pnpm start` does, with a fresh database.
// It runs in Playwright's runner process, so it lives for the whole run; the
// returned function is the teardown.
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { API_BUILD, staticApps } from '../scripts/lib/apps';
import { buildWhatIsMissing } from '../scripts/lib/build';
import { startDeployment } from '../scripts/lib/deployment';
import {
  E2E_METRICS_TOKEN,
  HOST_URL,
  ISOLATED_HOST_URL,
  RELEASES_HOST_URL,
  STATE_DIR,
} from './support/env';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const built = await buildWhatIsMissing([...staticApps(process.env), API_BUILD]);
  if (built.length > 0) console.log(`e2e: built ${built.map((app) => app.dir).join(', ')}`);

  rmSync(STATE_DIR, { recursive: true, force: true });
  mkdirSync(STATE_DIR, { recursive: true });
  const apiLog = createWriteStream(join(STATE_DIR, 'api.log'));
  const deployment = await startDeployment({
    env: process.env,
    apiEnv: {
      SQLITE_PATH: join(STATE_DIR, 'stride-e2e.db'),
      LOG_LEVEL: 'info',
      // The remote-down and releases specs serve their own hosts on other ports; they call the same API.
      ALLOWED_ORIGINS: [HOST_URL, ISOLATED_HOST_URL, RELEASES_HOST_URL].join(','),
      // Every test signs in afresh; two workers must not hit the per-minute cap.
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Every page load of the suite reports its remote loads from this one address.
      TELEMETRY_RATE_LIMIT_PER_MINUTE: '100000',
      // The canary watcher of releases.spec.ts reads the load figures.
      METRICS_TOKEN: E2E_METRICS_TOKEN,
    },
    // The suite runs on the apps' own builds; a developer's .releases/ must not change that.
    // (releases.spec.ts composes a release deployment of its own.)
    releaseDir: join(STATE_DIR, 'no-releases'),
    onApiLine: (line) => apiLog.write(`${line}\n`),
    onApiExit: (why) =>
      console.error(
        `e2e: the API stopped during the run (${why}); see ${join(STATE_DIR, 'api.log')}`,
      ),
  });
  console.log(`e2e: deployment up at ${HOST_URL} (API log: e2e/.state/api.log)`);
  return async () => {
    await deployment.close();
    apiLog.end();
  };
}
