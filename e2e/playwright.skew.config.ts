import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * One composition of the version-skew matrix (`pnpm test:skew`,
 * scripts/skew.ts): the smoke subset (tests tagged @smoke, and @skew for a
 * remote that does not load) against the deployment global-setup-skew.ts
 * composes, on the main suite's ports, one composition after another.
 */
export default defineConfig({
  ...base,
  globalSetup: './global-setup-skew.ts',
  grep: /@smoke|@skew/,
  reporter: [['list']],
});
