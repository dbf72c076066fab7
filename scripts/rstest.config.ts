import { defineConfig } from '@rstest/core';

// The repository-wide checks (import-graph.test.ts), in Node. Cruising every
// package's sources takes some seconds on a small machine.
export default defineConfig({
  testEnvironment: 'node',
  include: ['*.test.ts', 'lib/**/*.test.ts'],
  testTimeout: 120_000,
});
