import { isDeepStrictEqual } from 'node:util';
import {
  type ConsultaAuditoriaGeneral,
  type FilaAuditoria,
  RANGO_MAX_AUDITORIA,
  type TipoAuditoria,
  tiposQueCoinciden,
} from '@recargas/contracts/auditoria';
import { M, texto } from '@recargas/contracts/mensajes';
import { diasEntre } from '@recargas/contracts/reportes';
import type { Db } from '../../db/database.ts';
import { decodificarCursor, paginaDe } from '../../lib/cursor.ts';
import { ErrorApi, noEncontrado } from '../../lib/errores.ts';
import * as repo from './repo.ts';

/**
 * The audit trail (issue 22). Every module that changes money or permissions records the change
 * here, with the transaction it writes the change in: both are kept, or neither. This module
 * alone writes the table, and only adds rows (the database refuses anything else).
 */

/** Who made a change and from where; no user (null) is a job or the operator's CLI, named. */
export interface Actor {
  usuarioId: number | null;
  /** The name recorded; null: the username of usuarioId, read when written. */
  usuario: string | null;
  ip: string | null;
}

/** A caller with a session (the access check puts the request's IP on it: plugins/acceso.ts). */
export const actorDe = (q: { usuarioId: number; username?: string; ip?: string | undefined }): Actor => ({
  usuarioId: q.usuarioId,
  usuario: q.username ?? null,
  ip: q.ip ?? null,
});

/** The admin CLI (cli/admin.ts): the operator at the machine. */
export const OPERADOR: Actor = { usuarioId: null, usuario: M.actorOperador, ip: null };
/** The reconciliation job, closing a top-up no request closed. */
export const CONCILIACION: Actor = { usuarioId: null, usuario: M.actorConciliacion, ip: null };

export interface Cambio {
  empresaId: number;
  tipo: TipoAuditoria;
  /** The table and the row's id (a composite key as its parts joined by ':'). */
  tabla: string;
  fila: string | number;
  antes: unknown;
  despues: unknown;
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

/**
 * Records changes in `tx`, the transaction that makes them (refused outside one: a record
 * written apart could stay without its change, or the change without it). A "change" whose
 * before and after are equal is no change and is not recorded.
 */
export async function registrar(tx: Db, actor: Actor, cambios: Cambio[]): Promise<void> {
  if (!tx.isTransaction) throw new Error('auditoria.registrar fuera de una transacción');
  const filas = cambios
    .filter((c) => !isDeepStrictEqual(c.antes, c.despues))
    .map((c) => ({
      empresa_id: c.empresaId,
      usuario_id: actor.usuarioId,
      usuario: actor.usuario ?? '',
      ip: actor.ip,
      tipo: c.tipo,
      tabla: c.tabla,
      fila: String(c.fila),
      antes: json(c.antes),
      despues: json(c.despues),
    }));
  if (filas.some((f) => f.usuario === '') && actor.usuarioId !== null) {
    const u = await tx
      .selectFrom('usuarios')
      .select('username')
      .where('id', '=', actor.usuarioId)
      .executeTakeFirst();
    for (const f of filas) f.usuario ||= u?.username ?? '';
  }
  await repo.insertar(tx, filas);
}

/**
 * For a change written by one statement (the top-up's state, on the money path): the SQL that
 * records one row per row of `fuente`, to run as a CTE of that same statement (repo.insertarDesde).
 */
export const insertarDesde = repo.insertarDesde;

type Fila = Awaited<ReturnType<typeof repo.porId>> & {};

const aFila = (f: Fila): FilaAuditoria => ({
  id: Number(f.id),
  fecha: f.fecha.toISOString(),
  usuarioId: f.usuario_id,
  usuario: f.usuario,
  ip: f.ip,
  tipo: f.tipo,
  tabla: f.tabla,
  fila: f.fila,
  antes: f.antes,
  despues: f.despues,
});

/** Whose trail, and the time zone its days are read in (the company's). */
export interface Lector {
  empresaId: number;
  zona: string;
}

type Rango = Omit<ConsultaAuditoriaGeneral, 'after' | 'limit'>;

/** The list's query: the range rule, the kinds the chips name. */
function consultaDe({ empresaId, zona }: Lector, c: Rango): repo.Consulta {
  if (c.hasta < c.desde) throw new ErrorApi(400, M.rangoFechasInvalido);
  if (diasEntre(c.desde, c.hasta) > RANGO_MAX_AUDITORIA) {
    throw new ErrorApi(400, texto('auditoriaRangoMaximo', { dias: RANGO_MAX_AUDITORIA }));
  }
  const filtros = c.filtros ?? {};
  const tipos = filtros.tipo?.length ? [...new Set(filtros.tipo.flatMap(tiposQueCoinciden))] : undefined;
  return { empresaId, desde: c.desde, hasta: c.hasta, zona, filtros, tipos };
}

type Cursor = ReturnType<typeof decodificarCursor>;

/** A keyset page of trail rows after `c.after` and, with the first page, the count. */
async function paginar(
  c: { after?: string | undefined; limit: number },
  leer: (cursor: Cursor | undefined, n: number) => Promise<(Fila & { k: string })[]>,
  contar: () => Promise<number>,
) {
  const cursor = c.after ? decodificarCursor(c.after) : undefined;
  const [filas, total] = await Promise.all([leer(cursor, c.limit + 1), cursor ? null : contar()]);
  const { pagina, siguiente } = paginaDe(filas, c.limit);
  return { filas: pagina.map(aFila), total, siguiente };
}

/** GET /api/auditoria: one page, newest first; the total with the first page. */
export async function listar(db: Db, l: Lector, c: ConsultaAuditoriaGeneral) {
  const consulta = consultaDe(l, c);
  const { filas, total, siguiente } = await paginar(
    c,
    (cursor, n) => repo.pagina(db, consulta, cursor, n),
    () => repo.contar(db, consulta),
  );
  return { cambios: filas, total, siguiente };
}

/** GET /api/auditoria/:id: one row of the caller's company; another company's is 404. */
export async function una(db: Db, empresaId: number, id: number) {
  const f = await repo.porId(db, empresaId, id);
  if (!f) throw noEncontrado();
  return aFila(f);
}

const LOTE_EXPORTACION = 2000;

/** The Excel AUDITORIA: the list's rows (range and chips), in batches by keyset. */
export function paraExportar(db: Db, l: Lector, c: Rango) {
  const consulta = consultaDe(l, c);
  return async function* filas() {
    let cursor: Cursor | undefined;
    for (;;) {
      const lote = await repo.pagina(db, consulta, cursor, LOTE_EXPORTACION);
      if (lote.length === 0) return;
      yield lote.map(aFila);
      if (lote.length < LOTE_EXPORTACION) return;
      const u = lote.at(-1);
      cursor = u && { k: u.k, id: Number(u.id) };
    }
  };
}

/** The settings history (GET /api/configuraciones/auditoria): the trail's `configuracion` rows. */
export const configuraciones = (
  db: Db,
  empresaId: number,
  c: { after?: string | undefined; limit: number },
) =>
  paginar(
    c,
    (cursor, n) => repo.configuraciones(db, empresaId, cursor, n),
    () => repo.contarConfiguraciones(db, empresaId),
  );
