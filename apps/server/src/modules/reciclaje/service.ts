import { COLUMNAS_LINEA } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import {
  COLUMNAS_RECICLAJE,
  type EstatusActivacion,
  type RespuestaPendientes,
} from '@recargas/contracts/reciclaje';
import type { Transaction } from 'kysely';
import type { Ctx } from '../../contexto.ts';
import type { DB } from '../../db/schema.ts';
import { decodificarCursor, paginaDe } from '../../lib/cursor.ts';
import * as enlaces from '../../lib/enlaces.ts';
import { ErrorApi } from '../../lib/errores.ts';
import { hoyEn } from '../../lib/fechas.ts';
import type { Sesion } from '../auth/service.ts';
import * as empresas from '../empresas/service.ts';
import * as lineas from '../lineas/service.ts';
import * as portabilidades from '../portabilidades/service.ts';
import * as repo from './repo.ts';

type Tx = Transaction<DB>;

const ajustesDe = async (ctx: Ctx, empresaId: number) =>
  empresas.ajustesDe(await empresas.porIdOError(ctx.db, empresaId));

/** An undone upload put deleted lines back: their recyclings point at them again (subidas/tramos.ts). */
export const reenlazarLineas = (tx: Tx, borradas: string, vueltas: number[]) =>
  enlaces.reenlazarLineas(tx, 'reciclajes', borradas, vueltas);

/** 'Today' in the company's time zone: a validity ends at the end of its day there. */
const hoyDe = async (ctx: Ctx, empresaId: number) => hoyEn((await ajustesDe(ctx, empresaId)).zonaHoraria);

/** GET /api/recicladas/pendientesPorReciclar: 'Reciclado masivo (N)', oldest expiry first. */
export async function pendientes(
  ctx: Ctx,
  s: Sesion,
  q: { after?: string; limit: number },
): Promise<RespuestaPendientes> {
  const hoy = await hoyDe(ctx, s.empresaId);
  const cursor = q.after ? decodificarCursor(q.after) : undefined;
  const [filas, total] = await Promise.all([
    lineas.pendientesPorReciclar(ctx.db, s.empresaId, hoy, cursor, q.limit + 1),
    cursor ? null : lineas.contarPendientesPorReciclar(ctx.db, s.empresaId, hoy),
  ]);
  const { pagina, siguiente } = paginaDe(filas, q.limit);
  return {
    titulos: COLUMNAS_RECICLAJE.map((c) => ({ llave: c, valor: COLUMNAS_LINEA[c] })),
    lineas: pagina.map(lineas.aLinea),
    total,
    siguiente,
  };
}

/**
 * A decision on the selected lines (lineas/service.ts changes them) and its record, one
 * `reciclajes` row per changed line, in one transaction. Answers how many lines.
 */
const decision = (
  ctx: Ctx,
  s: Sesion,
  accion: 'reciclar' | 'olvidar',
  cambiar: (tx: Tx) => Promise<lineas.LineaAntes[]>,
) =>
  ctx.db
    .transaction()
    .execute(async (tx) => repo.registrar(tx, s.empresaId, s.usuarioId, accion, await cambiar(tx)));

/** Why nothing was done with a number: not ours, held by a top-up in flight, or not pending. */
async function porQueNo(ctx: Ctx, empresaId: number, dn: string): Promise<ErrorApi> {
  const e = await lineas.estadoDn(ctx.db, empresaId, dn);
  if (!e.existe) return new ErrorApi(404, texto('dnNoEnInventario', { dn }));
  if (e.enRecarga) return new ErrorApi(409, texto('dnEnRecarga', { dn }));
  return new ErrorApi(409, texto('dnNoPendiente', { dn }));
}

/**
 * POST /api/dnReciclar/{dn}: the Reciclar Lineas panel of the top-up screen recycles a number
 * of the inventory whether or not it is pending (the carrier recycled it). Company feature.
 */
export async function reciclarDn(ctx: Ctx, s: Sesion, dn: string) {
  if (!(await ajustesDe(ctx, s.empresaId)).reciclaje) throw new ErrorApi(403, M.funcionDeshabilitada);
  const n = await decision(ctx, s, 'reciclar', (tx) => lineas.reciclar(tx, { empresaId: s.empresaId, dn }));
  if (n === 0) throw await porQueNo(ctx, s.empresaId, dn);
  return { mensaje: M.dnReciclado, lineas: n };
}

/** POST /api/recicladas/pendientesPorReciclar/{dn}: Reciclar or Olvidar one pending row. */
export async function decidir(ctx: Ctx, s: Sesion, dn: string, accion: 'reciclar' | 'olvidar') {
  const hoy = await hoyDe(ctx, s.empresaId);
  const seleccion = { empresaId: s.empresaId, dn, hoy };
  const n = await decision(ctx, s, accion, (tx) =>
    accion === 'reciclar' ? lineas.reciclar(tx, seleccion) : lineas.olvidar(tx, seleccion),
  );
  if (n === 0) throw await porQueNo(ctx, s.empresaId, dn);
  return { mensaje: accion === 'reciclar' ? M.dnReciclado : M.dnOlvidada, lineas: n };
}

/** POST /api/recicladas/pendientesPorReciclar: Reciclar Todas, in one transaction. */
export async function reciclarTodas(ctx: Ctx, s: Sesion) {
  const hoy = await hoyDe(ctx, s.empresaId);
  const n = await decision(ctx, s, 'reciclar', (tx) => lineas.reciclar(tx, { empresaId: s.empresaId, hoy }));
  if (n === 0) throw new ErrorApi(409, M.sinPendientesReciclar);
  return { mensaje: M.dnReciclados, lineas: n };
}

/**
 * GET /statusActivacion/{icc}: ATT's record of a SIM of the caller's inventory (Estatus ICC
 * ATT panel, company feature). An ICC that is not ours, not active or not answered gets the
 * spec's one failure text.
 */
export async function estatusActivacion(ctx: Ctx, s: Sesion, icc: string): Promise<EstatusActivacion> {
  if (!(await ajustesDe(ctx, s.empresaId)).activaciones) throw new ErrorApi(403, M.funcionDeshabilitada);
  if (!(await lineas.porIcc(ctx.db, s.empresaId, icc))) throw new ErrorApi(404, M.estatusActivacionError);
  const r = await (await portabilidades.proveedorAtt(ctx, s.empresaId)).estatusActivacion(icc);
  if (r.estado === 'activa') return r.estatus;
  throw new ErrorApi(r.estado === 'inactiva' ? 404 : 502, M.estatusActivacionError);
}
