import { fileURLToPath } from 'node:url';
import { pluginReact } from '@rsbuild/plugin-react';
import { defineConfig } from '@rstest/core';

/**
 * The unit-test setup of every browser package (shared, host, remotes): React,
 * a happy-dom page, and the fake network that fails a test on any request it
 * did not declare.
 */
export const browserTestConfig = defineConfig({
  plugins: [pluginReact()],
  testEnvironment: 'happy-dom',
  include: ['src/**/*.test.{ts,tsx}'],
  restoreMocks: true,
  setupFiles: [fileURLToPath(new URL('./network-setup.ts', import.meta.url))],
});
