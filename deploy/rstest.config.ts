import { defineConfig } from '@rstest/core';

// The store, the registry file and the commands, in Node against temporary
// folders; the release build itself is exercised end to end by e2e/releases.spec.ts.
export default defineConfig({
  testEnvironment: 'node',
  include: ['src/**/*.test.ts'],
  restoreMocks: true,
});
