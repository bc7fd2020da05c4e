import { CARRIERS, type Carrier, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import type { Ctx } from '../../contexto.ts';
import * as repo from './repo.ts';
import type { LlamanteApi } from './service.ts';

/**
 * GET /v1/operador/{dn} (issue 44): the carrier of a number as the company's own records know it,
 * never guessed. First its latest successful top-up (the carrier took it then: `recarga`), else
 * its line in the inventory (`inventario`, the carrier of the SIM the company sold). Neither:
 * compania null. A number ported after that evidence is answered with its old carrier, so `desde`
 * says how old it is; the platforms' own detection (Reloadly's auto-detect) is not asked.
 */
export async function operador(ctx: Ctx, quien: LlamanteApi, dn: string) {
  const r = await repo.ultimaExitosa(ctx.db, quien.empresaId, dn);
  const l = r ? undefined : await repo.lineaDe(ctx.db, quien.empresaId, dn);
  const hallado = r
    ? { compania: r.compania, fuente: 'recarga' as const, desde: r.creada }
    : l
      ? { compania: l.compania, fuente: 'inventario' as const, desde: l.fecha_actualizacion }
      : undefined;
  if (!hallado || !CODIGOS_CARRIER.includes(hallado.compania as Carrier))
    return { dn, compania: null, nombre: null, fuente: null, desde: null };
  const c = hallado.compania as Carrier;
  return {
    dn,
    compania: c,
    nombre: CARRIERS[c],
    fuente: hallado.fuente,
    desde: new Date(hallado.desde).toISOString(),
  };
}
