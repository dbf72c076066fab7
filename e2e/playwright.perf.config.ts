import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `pnpm perf`: the Lighthouse audit (perf/perf.spec.ts) against the composed
 * production deployment that the main suite's global setup starts. One worker
 * and nothing beside it: the figures are only as steady as the machine is quiet.
 */
export default defineConfig({
  ...base,
  testDir: './perf',
  testMatch: '*.spec.ts',
  testIgnore: [],
  workers: 1,
  retries: 0,
  reporter: [['list']],
});
