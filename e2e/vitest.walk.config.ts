import { defineConfig } from 'vitest/config';
import e2e from './vitest.config.ts';

/**
 * The walk of every screen (npm run test:e2e:walk): the same browser setup as the other browser
 * tests, apart so its two files (one per width) get fresh servers whose demo users nobody else
 * has changed.
 */
export default defineConfig({ test: { ...e2e.test, include: ['e2e/**/*.walk.ts'] } });
