import { defineConfig } from 'vitest/config';
import LentosPrimero, { REPORTEROS } from '../scripts/lentos-primero.ts';

/**
 * Browser tests: real servers (global setup, one per worker), Debian's Chromium through
 * playwright-core. Two workers: one worker's file left 43 % of this 2-core machine idle.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/servidor.ts'],
    pool: 'forks',
    reporters: REPORTEROS,
    maxWorkers: 2,
    sequence: { sequencer: LentosPrimero },
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // What a page shows after an action, polled as Playwright's own waits are: vitest's 1 s
    // default failed a test on a machine half as fast (the bar still said 'demo' after 1 s).
    expect: { poll: { timeout: 15_000 } },
  },
});
