import { veMontoMovimientos } from '@recargas/contracts/recargas';
import { sql } from 'kysely';
import type { Ctx } from '../../contexto.ts';
import * as empresas from '../empresas/service.ts';
import type { Recarga } from './repo.ts';
import * as repo from './repo.ts';

/**
 * Reads of top-ups for the reseller API (integraciones): rows by id, scoped to a company when
 * one is given (an API caller's), and what a user's daily cap leaves for today.
 */
export const recargasPorId = async (ctx: Pick<Ctx, 'db'>, ids: readonly number[], empresaId?: number) => {
  if (ids.length === 0) return [] as Recarga[];
  let q = ctx.db.selectFrom('recargas').selectAll().where('id', 'in', ids);
  if (empresaId !== undefined) q = q.where('empresa_id', '=', empresaId);
  return q.execute();
};

/**
 * The user's top-ups counted today (the counter the insert checks: failed ones are given back)
 * against its cap, in the company's zone as the insert counts them.
 */
export async function cupoDelDia(
  ctx: Pick<Ctx, 'db'>,
  quien: { empresaId: number; usuarioId: number; maxRecargas: number },
) {
  const zona = empresas.ajustesDe(await empresas.porIdOError(ctx.db, quien.empresaId)).zonaHoraria;
  const fila = await ctx.db
    .selectFrom('conteo_recargas')
    .select('n')
    .where('empresa_id', '=', quien.empresaId)
    .where('usuario_id', '=', quien.usuarioId)
    .where('dia', '=', sql<string>`(now() at time zone ${zona})::date`)
    .executeTakeFirst();
  const usadas = fila?.n ?? 0;
  return { limite: quien.maxRecargas, usadas, disponibles: Math.max(0, quien.maxRecargas - usadas) };
}

/** GET /movimientos: the caller's last 10; Monto as `veMontoMovimientos` says (MONTO_LIDER). */
export async function movimientos(
  ctx: Ctx,
  {
    empresaId,
    usuarioId,
    nivel,
    permisos,
  }: { empresaId: number; usuarioId: number; nivel: number; permisos: readonly string[] },
) {
  const empresa = await empresas.porIdOError(ctx.db, empresaId);
  const ocultarMonto = !veMontoMovimientos(empresas.ajustesDe(empresa), { nivel, permisos });
  const filas = await repo.ultimas(ctx.db, empresaId, usuarioId, 10);
  const titulos = [
    { llave: 'estatus', valor: 'Estatus' },
    { llave: 'fecha', valor: 'Fecha' },
    { llave: 'compania', valor: 'Compañia' },
    { llave: 'dn', valor: 'Numero' },
    ...(ocultarMonto ? [] : [{ llave: 'monto', valor: 'Monto' }]),
  ];
  return {
    titulos,
    movimientos: filas.map((f) => ({
      estatus: f.estado,
      fecha: f.creada.toISOString(),
      compania: f.compania,
      dn: f.dn || f.icc,
      monto: ocultarMonto ? null : f.monto,
    })),
  };
}
