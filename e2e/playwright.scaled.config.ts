import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The smoke subset (tests tagged @smoke), and what only several API
 * instances can show (@scaled: live sync across instances), against the scaled deployment
 * (`pnpm start:scaled`: nginx in front of two API instances on PostgreSQL and
 * Redis), on the same ports as the main suite, so it runs after it. A user's
 * requests land on either instance, so these tests also prove that sessions,
 * sign-in transactions and caches hold across instances.
 */
export default defineConfig({
  ...base,
  globalSetup: './global-setup-scaled.ts',
  grep: /@smoke|@scaled/,
});
