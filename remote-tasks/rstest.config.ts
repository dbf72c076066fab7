import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rstest/core';
import { browserTestConfig } from '@stride/shared/testing/rstest-config';

export default defineConfig({
  ...browserTestConfig,
  setupFiles: [
    ...(browserTestConfig.setupFiles ?? []),
    fileURLToPath(new URL('./src/test/empty-account.ts', import.meta.url)),
  ],
});
