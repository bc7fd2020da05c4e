import { defineConfig } from 'vitest/config';
import LentosPrimero, { REPORTEROS } from './scripts/lentos-primero.ts';

/**
 * npm run test:faults — the long fault-injection suite, on real PostgreSQL (DATABASE_URL, or
 * the local server). Each file has a database, a simulator and API processes of its own, and
 * the machine stood 68 % idle under one worker (waits for timeouts, kills and restarts), so two
 * files run at once. The one that restarts PostgreSQL (`fallas-totales`) would cut the other's
 * connections: `npm run test:faults` runs it alone, after the others (FALLAS_REINICIO=1).
 */
const REINICIO = 'apps/server/test/fallas-totales.faults.ts';
const solo = process.env.FALLAS_REINICIO === '1';

export default defineConfig({
  test: {
    include: solo ? [REINICIO] : ['apps/server/test/**/*.faults.ts'],
    exclude: solo ? [] : [REINICIO],
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: LentosPrimero },
    reporters: REPORTEROS,
    testTimeout: 900_000,
    hookTimeout: 120_000,
    env: { DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
