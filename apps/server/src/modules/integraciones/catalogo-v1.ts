import { CARRIERS, type Carrier, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import { puedeElegirMonto } from '@recargas/contracts/recargas';
import type { Ctx } from '../../contexto.ts';
import type { CatalogoMontos } from '../../providers/puerto.ts';
import { catalogoSimulado } from '../../providers/simulador-local.ts';
import * as empresas from '../empresas/service.ts';
import * as recargas from '../recargas/service.ts';
import type { LlamanteApi } from './service.ts';

/**
 * GET /v1/companias (issue 44): per carrier, the amounts both the company sells and the platform
 * its top-ups go to takes (the carrier's chosen platform, else platform 1, as a top-up picks it),
 * from the adapter's product catalogue (Reloadly's operators, kept an hour; the simulator's fixed
 * one). `catalogo` false: the platform has no catalogue call or it could not be read now, so the
 * company's list is answered unchecked. A sandbox key is checked against the simulator's.
 */
export async function companias(ctx: Ctx, quien: LlamanteApi) {
  const empresa = await empresas.porIdOError(ctx.db, quien.empresaId);
  const ajustes = empresas.ajustesDe(empresa);
  const catalogoDe = async (c: Carrier): Promise<CatalogoMontos | null> => {
    if (quien.prueba) return catalogoSimulado(c);
    const proveedor = await recargas.plataformaDe(ctx, quien, c);
    if (!proveedor || ctx.proveedores.cerrada(proveedor)) return null;
    try {
      return (await ctx.proveedores.de(proveedor).catalogo?.(c)) ?? null;
    } catch (e) {
      ctx.log.warn({ err: e, proveedor: proveedor.id }, 'catálogo del proveedor');
      return null;
    }
  };
  const companias = await Promise.all(
    CODIGOS_CARRIER.map(async (codigo) => {
      const acepta = await catalogoDe(codigo);
      return {
        codigo,
        nombre: CARRIERS[codigo],
        montos: acepta ? ajustes.montos.filter(acepta) : ajustes.montos,
        catalogo: acepta !== null,
      };
    }),
  );
  return {
    companias,
    montos: ajustes.montos,
    montoPorDefecto: ajustes.montoPorDefecto,
    elegirMonto: puedeElegirMonto(ajustes, quien),
  };
}
