import { defineConfig } from 'vitest/config';

/**
 * npm run test:faults — the long fault-injection suite, on real PostgreSQL (DATABASE_URL, or
 * the local server): it kills the API process and may restart PostgreSQL, so it runs alone.
 */
export default defineConfig({
  test: {
    include: ['apps/server/test/**/*.faults.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 900_000,
    hookTimeout: 120_000,
    env: { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
