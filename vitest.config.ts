import { defineConfig } from 'vitest/config';
import LentosPrimero, { REPORTEROS } from './scripts/lentos-primero.ts';

/** Unit and API tests; the browser tests have their own config in e2e/. */
export default defineConfig({
  test: {
    pool: 'forks',
    reporters: REPORTEROS,
    maxWorkers: 2,
    sequence: { sequencer: LentosPrimero },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // The database every file starts from, migrated and seeded once per run.
          globalSetup: ['apps/server/test/plantilla.ts'],
        },
      },
      // The web's components and helpers, in a simulated DOM (the real browser runs in e2e/).
      {
        extends: true,
        test: { name: 'web', include: ['apps/web/test/**/*.test.{ts,tsx}'], environment: 'happy-dom' },
      },
    ],
  },
});
