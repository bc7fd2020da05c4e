import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The API test files that take longest (CI's list of slowest files, scripts/tiempos-vitest.mjs),
 * slowest first: they spawn CLI processes, kill servers or wait for the provider's timeouts. A
 * clean clone has no durations of an earlier run, and vitest then ran them last: the other
 * worker stood idle for the last 3 of 17 minutes (2026-11-30, 2 workers).
 */
const LENTOS = [
  'masivas-fallas',
  'usuarios-cli',
  'proveedores-cli',
  'fuzz',
  'pglite-candado',
  'subidas-caida',
  'plataforma-apagado',
  'seguridad-permisos',
  'plataforma-migrar',
  'auth-rotacion-cli',
];

const lugar = (s: TestSpecification) => {
  const i = LENTOS.findIndex((n) => s.moduleId.endsWith(`/${n}.test.ts`));
  return i < 0 ? LENTOS.length : i;
};

/** Vitest's order (projects, failed first, durations or size), with the slow files first in theirs. */
export default class LentosPrimero extends BaseSequencer {
  override async sort(archivos: TestSpecification[]) {
    const orden = await super.sort(archivos);
    // Projects stay where vitest put them; within each, the slow files go first.
    const proyecto = (s: TestSpecification) => orden.findIndex((o) => o.project.name === s.project.name);
    return orden.sort((a, b) => proyecto(a) - proyecto(b) || lugar(a) - lugar(b));
  }
}
