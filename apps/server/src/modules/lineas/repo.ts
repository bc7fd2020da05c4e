import type { ColumnaLinea, FiltrosLineas } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { type RawBuilder, type Selectable, type SqlBool, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB, LineasTable } from '../../db/schema.ts';
import { condicionChips } from '../../lib/chips.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { carrierSql } from '../../lib/etiquetas.ts';
import type { Rango } from '../../lib/fechas.ts';
import { type Comunes, porPartesRaras, SIN_COMUNES } from '../../lib/trigramas.ts';

export type FilaLinea = Selectable<LineasTable>;
type Tx = Transaction<DB>;

/** Which lines of a company a query may see: all of them, or one leader's (level 2). */
export interface Alcance {
  empresaId: number;
  /** undefined: every line of the company; a number: only that leader's lines. */
  liderId?: number;
}

export type { Cursor } from '../../lib/cursor.ts';
export type { Rango } from '../../lib/fechas.ts';

/** Carrier code and name, so a chip 'telcel' or 'T' finds Telcel lines (the Excel prints the name). */
const companiaTexto = sql<string>`(l.compania || ' ' || ${carrierSql('l.compania')})`;

const fechaHora = (col: string, zona: string) =>
  sql<string>`coalesce(to_char(${sql.ref(col)} at time zone ${zona}, 'YYYY/MM/DD HH24:MI'), '')`;
const fechaDia = (col: string) => sql<string>`coalesce(to_char(${sql.ref(col)}, 'YYYY/MM/DD'), '')`;

/** What each column shows, as SQL text: the chips match against exactly this. */
export function textoColumna(c: ColumnaLinea, zona: string): RawBuilder<string> {
  switch (c) {
    case 'icc':
      return sql`l.icc`;
    case 'dn':
      return sql`l.dn`;
    case 'monto':
      return sql`coalesce(l.monto::text, '')`;
    case 'lider':
      return sql`coalesce(ld.nombre, ${M.lineaSinLider})`;
    case 'cliente':
      return sql`coalesce(cl.nombre, ${M.lineaSinCliente})`;
    case 'compania':
      return companiaTexto;
    case 'subidoPor':
      return sql`coalesce(u.username, '')`;
    case 'fechaSubida':
      return fechaHora('l.fecha_subida', zona);
    case 'fechaActualizacion':
      return fechaHora('l.fecha_actualizacion', zona);
    case 'fechaRecarga':
      return sql`coalesce(to_char(l.fecha_recarga at time zone ${zona}, 'YYYY/MM/DD HH24:MI'), ${M.lineaSinFecha})`;
    case 'fechaVigencia':
      return fechaDia('l.fecha_vigencia');
    case 'fechaEntrega':
      return fechaDia('l.fecha_entrega');
    case 'fechaPortada':
      return fechaDia('l.fecha_portada');
    case 'nir':
      return sql`coalesce(l.nir, '')`;
    case 'producto':
      return sql`coalesce(l.producto, '')`;
    case 'plataforma':
      return sql`coalesce(l.plataforma::text, '')`;
    case 'isRecargado':
      return sql`case when l.is_recargado then 'Si' else 'No' end`;
  }
}

/** Lines `l` of a company with the names the screens show: leader `ld`, client `cl`, uploader `u`. */
const conNombres = (db: Db, empresaId: number) =>
  db
    .selectFrom('lineas as l')
    .leftJoin('lideres as ld', 'ld.id', 'l.lider_id')
    .leftJoin('clientes as cl', 'cl.id', 'l.cliente_id')
    .leftJoin('usuarios as u', 'u.id', 'l.subido_por')
    .where('l.empresa_id', '=', empresaId);

/** What `LineaVista` adds to the row; `k` is the keyset value the caller orders by. */
const nombresVista = [
  'ld.nombre as lider_nombre',
  'cl.nombre as cliente_nombre',
  'u.username as subido_por_username',
] as const;

/** The lines `l` of a company as the screens show them: a `LineaVista` once the caller adds `k`. */
export const vistas = (db: Db, empresaId: number) =>
  conNombres(db, empresaId).selectAll('l').select(nombresVista);

/**
 * The lines of a range, scoped and filtered, with the names the screen shows. Chips on the ICC and
 * the number look up their values' rarer trigrams (`comunes`, lib/trigramas.ts).
 */
export function consulta(db: Db, a: Alcance, r: Rango, filtros: FiltrosLineas, comunes = SIN_COMUNES) {
  let q = conNombres(db, a.empresaId)
    .where('l.fecha_subida', '>=', sql<Date>`(${r.desde}::date)::timestamp at time zone ${r.zona}`)
    .where('l.fecha_subida', '<', sql<Date>`(${r.hasta}::date + 1)::timestamp at time zone ${r.zona}`);
  if (a.liderId !== undefined) q = q.where('l.lider_id', '=', a.liderId);
  const f = condicionChips(
    filtros,
    (c) => textoColumna(c, r.zona),
    (c, _, v) =>
      c === 'icc' || c === 'dn' ? porPartesRaras(textoColumna(c, r.zona), v, comunes.get(c)) : undefined,
  );
  if (f) q = q.where(f);
  return q;
}

export interface LineaVista extends FilaLinea {
  lider_nombre: string | null;
  cliente_nombre: string | null;
  subido_por_username: string | null;
  k: string;
}

/**
 * Runs `f` in a transaction planned for its values: the connections plan generically
 * (database.ts), and a generic plan cannot tell a rare chip on ICC or number, which the trigram
 * indexes answer (migration 0030), from a common one, found sooner by walking the range by date.
 */
export const conPlanPropio = <T>(db: Db, f: (tx: Db) => Promise<T>) =>
  db.transaction().execute(async (tx) => {
    // A page of 20 rows, or a count that stops at 1,001, is read by one process: parallel
    // workers each walk the range ahead of it (10M lines, chip dn=5512: a page read 98,000 rows
    // for 21, 1.3 s against 30-40 ms alone; the count took 32 ms against 20).
    await sql`select set_config('plan_cache_mode', 'force_custom_plan', true),
      set_config('max_parallel_workers_per_gather', '0', true)`.execute(tx);
    return f(tx);
  });

/** One page, newest upload first, after `cursor`. */
export function pagina(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: FiltrosLineas,
  cursor: Cursor | undefined,
  n: number,
  comunes: Comunes = SIN_COMUNES,
) {
  let q = consulta(db, a, r, filtros, comunes)
    .selectAll('l')
    .select([
      ...nombresVista,
      sql<string>`to_char(l.fecha_subida at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('k'),
    ]);
  if (cursor) {
    q = q.where(
      sql<SqlBool>`(l.fecha_subida, l.id) < (${cursor.k}::timestamp at time zone 'UTC', ${cursor.id}::bigint)`,
    );
  }
  return q.orderBy('l.fecha_subida', 'desc').orderBy('l.id', 'desc').limit(n).execute() as Promise<
    LineaVista[]
  >;
}

/**
 * One page as the screen shows it (the export): each column already as its display text, the
 * same text the chips match, formatted by the database in the company's time zone.
 */
export async function paginaTexto(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: FiltrosLineas,
  columnas: readonly ColumnaLinea[],
  cursor: Cursor | undefined,
  n: number,
  comunes: Comunes = SIN_COMUNES,
) {
  let q = consulta(db, a, r, filtros, comunes).select([
    'l.id',
    sql<string>`to_char(l.fecha_subida at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`.as('k'),
    // One text column each, not one text[]: pg parses arrays in JavaScript (measured: 7 s of CPU
    // on 1,000,000 rows, the export's largest cost after exceljs).
    // The carrier by its name alone, as the screen shows it ('Telcel', not the chips' 'T Telcel').
    ...columnas.map((c, i) =>
      (c === 'compania' ? carrierSql('l.compania') : textoColumna(c, r.zona)).as(`c${i}`),
    ),
  ]);
  if (cursor) {
    q = q.where(
      sql<SqlBool>`(l.fecha_subida, l.id) < (${cursor.k}::timestamp at time zone 'UTC', ${cursor.id}::bigint)`,
    );
  }
  const filas = await q.orderBy('l.fecha_subida', 'desc').orderBy('l.id', 'desc').limit(n).execute();
  return filas.map((f) => ({
    id: f.id,
    k: f.k,
    t: columnas.map((_, i) => (f as Record<string, unknown>)[`c${i}`] as string),
  }));
}

export const porId = (db: Db | Tx, empresaId: number, id: number) =>
  db
    .selectFrom('lineas')
    .selectAll()
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .executeTakeFirst();

export const porIcc = (db: Db | Tx, empresaId: number, icc: string) =>
  db
    .selectFrom('lineas')
    .selectAll()
    .where('empresa_id', '=', empresaId)
    .where('icc', '=', icc)
    .executeTakeFirst();

/** One line with its names, as the screen shows it. */
export const vistaPorId = async (db: Db, empresaId: number, id: number) =>
  (await vistas(db, empresaId).select(sql<string>`''`.as('k')).where('l.id', '=', id).executeTakeFirst()) as
    | LineaVista
    | undefined;

export const liderDeEmpresa = (db: Db, empresaId: number, id: number) =>
  db
    .selectFrom('lideres')
    .select('id')
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .executeTakeFirst();

export const clienteDeLider = (db: Db, empresaId: number, liderId: number, id: number) =>
  db
    .selectFrom('clientes')
    .select('id')
    .where('empresa_id', '=', empresaId)
    .where('lider_id', '=', liderId)
    .where('id', '=', id)
    .executeTakeFirst();

export interface CambiosLinea {
  icc: string;
  dn: string;
  compania: string;
  lider_id: number | null;
  cliente_id: number | null;
  monto: number | null;
  nir: string | null;
}

export const actualizar = (db: Db, empresaId: number, id: number, c: CambiosLinea) =>
  db
    .updateTable('lineas')
    .set({ ...c, fecha_actualizacion: sql<Date>`now()` as unknown as Date })
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** Unlock: only a line marked recharged that never got a recharge date. */
export const desbloquear = (db: Db, empresaId: number, icc: string, liderId: number | undefined) => {
  let q = db
    .updateTable('lineas')
    .set({ is_recargado: false, fecha_actualizacion: sql<Date>`now()` as unknown as Date })
    .where('empresa_id', '=', empresaId)
    .where('icc', '=', icc)
    .where('is_recargado', '=', true)
    .where('fecha_recarga', 'is', null);
  if (liderId !== undefined) q = q.where('lider_id', '=', liderId);
  return q.returning('id').executeTakeFirst();
};

/** Takes a line for a top-up: only one top-up at a time holds a line not yet recharged. */
export const tomarParaRecarga = (tx: Tx, id: number) =>
  tx
    .updateTable('lineas')
    .set({ is_recargado: true })
    .where('id', '=', id)
    .where('is_recargado', '=', false)
    .returning('id')
    .executeTakeFirst();

/** A successful top-up: the line is recharged, with its date. */
export const marcarRecargada = (tx: Tx | Db, id: number) =>
  tx
    .updateTable('lineas')
    .set({ is_recargado: true, fecha_recarga: sql<Date>`now()` as unknown as Date })
    .where('id', '=', id)
    .execute();

/** A failed top-up moved no money: the line it held is free again. */
export const liberar = (tx: Tx | Db, id: number) =>
  tx
    .updateTable('lineas')
    .set({ is_recargado: false })
    .where('id', '=', id)
    .where('fecha_recarga', 'is', null)
    .execute();

/** The leaders and clients of a company, to resolve the names an upload gives. */
export async function lideresYClientes(db: Db, empresaId: number) {
  const [lideres, clientes] = await Promise.all([
    db.selectFrom('lideres').select(['id', 'nombre']).where('empresa_id', '=', empresaId).execute(),
    db
      .selectFrom('clientes')
      .select(['id', 'lider_id', 'nombre'])
      .where('empresa_id', '=', empresaId)
      .execute(),
  ]);
  return { lideres, clientes };
}
