// Before any spec: build what is missing and start the composed production
// deployment (host and four remotes from their own origins, the API with the
// dev identity provider) exactly as `pnpm start` does, with a fresh database.
import { rmSync } from 'node:fs';
import { buildWhatIsMissing } from '@stride/scripts/build';
import { API_BUILD, staticApps } from '@stride/scripts/deployables';
import { startSuiteDeployment } from './support/deployment';
import { STATE_DIR } from './support/env';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const built = await buildWhatIsMissing([...staticApps(process.env), API_BUILD]);
  if (built.length > 0) console.log(`e2e: built ${built.map((app) => app.dir).join(', ')}`);
  rmSync(STATE_DIR, { recursive: true, force: true });
  return startSuiteDeployment({ name: 'stride-e2e' });
}
