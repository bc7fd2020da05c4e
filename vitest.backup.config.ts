import { defineConfig } from 'vitest/config';

/**
 * npm run test:backup — deploy/respaldo.sh's dump restored into a fresh database and compared
 * table by table, on real PostgreSQL (DATABASE_URL, or the local server) with its pg_dump.
 */
export default defineConfig({
  test: {
    include: ['apps/server/test/**/*.backup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 120_000,
    hookTimeout: 600_000,
    env: { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
