import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest (CI's list of slowest files, scripts/tiempos-vitest.mjs),
 * slowest first: they spawn CLI processes, kill servers, wait for the provider's timeouts or
 * swipe lists to their end. A clean clone has no durations of an earlier run, and vitest then
 * ran them last: the other worker stood idle for the last 3 of 17 minutes (2026-11-30, 2 workers).
 */
const LENTOS = [
  // Browser tests (e2e/): 216 and 92 s of 887 (2026-11-30).
  'listas-telefono.e2e',
  'listas.e2e',
  // The faults suite (2026-11-30, 339 s in all): 81, 61 and 54 s.
  'integraciones-webhooks.faults',
  'masivas-reinicio.faults',
  'integraciones-eventos.faults',
  'masivas-fallas.test',
  'usuarios-cli.test',
  'proveedores-cli.test',
  'fuzz.test',
  'pglite-candado.test',
  'subidas-caida.test',
  'plataforma-apagado.test',
  'seguridad-permisos.test',
  'plataforma-migrar.test',
  'auth-rotacion-cli.test',
];

/** Every test config's reporters: in CI the log also lists the slowest files, where LENTOS comes from. */
export const REPORTEROS = process.env.CI ? ['default', './scripts/tiempos-vitest.mjs'] : ['default'];

const lugar = (s: TestSpecification) => {
  const i = LENTOS.findIndex((n) => s.moduleId.endsWith(`/${n}.ts`));
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
