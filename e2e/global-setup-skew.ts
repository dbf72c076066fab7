// Before a skew composition: serve the builds the runner chose for each app
// (STRIDE_SKEW_COMPOSITION, JSON: app name → dist folder) with the API, on a
// fresh database. The runner has built them; nothing is built here.
import { startSuiteDeployment } from './support/deployment';

export const COMPOSITION_ENV = 'STRIDE_SKEW_COMPOSITION';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const json = process.env[COMPOSITION_ENV];
  if (!json) throw new Error(`${COMPOSITION_ENV} is not set: run pnpm test:skew`);
  const distDirs = JSON.parse(json) as Record<string, string>;
  return startSuiteDeployment({ name: 'skew', distDirs });
}
