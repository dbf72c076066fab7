import { defineConfig } from '@playwright/test';
import { HOST_URL } from './support/env';

const CI = process.env.CI === 'true';

/**
 * End-to-end tests against the composed production deployment (production
 * builds under one origin by default, the real API and dev identity provider),
 * started once by the global setup. Debian's Chromium only: browsers are never
 * downloaded here.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // The Lighthouse audit is its own run (`pnpm perf`, playwright.perf.config.ts).
  testIgnore: 'perf/**',
  globalSetup: './global-setup.ts',
  outputDir: './test-results',
  fullyParallel: true,
  // Two cores: the browser, five static servers and the API share them.
  workers: 2,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // A test's limit catches a hang, not slowness (Lighthouse and the byte budgets measure that):
  // beside another worker on two cores, a sign-in and a few pages take 25–50 s.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // list for people, json for scripts/test.mjs's total, html to dig into a failure.
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/results.json' }],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
  ],
  use: {
    baseURL: HOST_URL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // Stride's service worker (docs/architecture.md §11) would answer requests
    // a spec's page.route() then never sees; offline.spec.ts allows it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
