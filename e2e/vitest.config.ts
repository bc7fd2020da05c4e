import { defineConfig } from 'vitest/config';

/** Browser tests: one real server (global setup), Debian's Chromium through playwright-core. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/servidor.ts'],
    pool: 'forks',
    reporters: process.env.CI ? ['default', './scripts/tiempos-vitest.mjs'] : ['default'],
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
