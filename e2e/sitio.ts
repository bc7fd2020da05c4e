import { inject } from 'vitest';
import type { Sitio } from './servidor.ts';

/**
 * The portal (and its provider simulator) of the worker running this file: servidor.ts starts
 * one per worker, and VITEST_POOL_ID (1 to maxWorkers) says which is this worker's.
 */
export function sitio(): Sitio {
  const sitios = inject('sitios');
  return sitios[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % sitios.length] as Sitio;
}
