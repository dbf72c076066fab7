import { defineConfig } from '@rstest/core';

// API tests run in Node against a real SQLite file and the real dev identity
// provider; each file builds its own app, so files can run in parallel. Unit
// tests of pure modules sit beside them in src/ (docs/architecture.md §8).
export default defineConfig({
  testEnvironment: 'node',
  include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 30_000,
  pool: { maxWorkers: 2 },
});
