import type { ColumnaLinea, FiltrosLineas } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import {
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB, LineasTable } from '../../db/schema.ts';
import { columnasConChips, condicionChips } from '../../lib/chips.ts';
import { type Cursor, claveCursor, despuesDe } from '../../lib/cursor.ts';
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
 * A company's lines of a range, in the caller's scope, that pass the chips. Chips on the ICC and
 * the number look up their values' rarer trigrams (`comunes`, lib/trigramas.ts).
 */
function condiciones(a: Alcance, r: Rango, filtros: FiltrosLineas, comunes: Comunes) {
  const chips = condicionChips(
    filtros,
    (c) => textoColumna(c, r.zona),
    (c, _, v) =>
      c === 'icc' || c === 'dn' ? porPartesRaras(textoColumna(c, r.zona), v, comunes.get(c)) : undefined,
  );
  return sql<SqlBool>`l.empresa_id = ${a.empresaId}
    and l.fecha_subida >= (${r.desde}::date)::timestamp at time zone ${r.zona}
    and l.fecha_subida < (${r.hasta}::date + 1)::timestamp at time zone ${r.zona}
    ${a.liderId === undefined ? sql`` : sql`and l.lider_id = ${a.liderId}`}
    ${chips ? sql`and ${chips}` : sql``}`;
}

/** The lines of a range, scoped and filtered, with the names the screen shows. */
export const consulta = (db: Db, a: Alcance, r: Rango, filtros: FiltrosLineas, comunes = SIN_COMUNES) =>
  conNombres(db, a.empresaId).where(condiciones(a, r, filtros, comunes));

export interface LineaVista extends FilaLinea {
  lider_nombre: string | null;
  cliente_nombre: string | null;
  subido_por_username: string | null;
  k: string;
}

/** How a page's lines are found, besides its values: see conPlanPropio and pagina. */
export interface Plan {
  comunes?: Comunes;
  /** Walk the range by date in the index alone (recorrible chips that match many lines). */
  porFecha?: boolean;
}

/** Chips on these columns are tested in the index of a range by date (migration 0031). */
const EN_RECORRIDO: readonly ColumnaLinea[] = ['icc', 'dn', 'compania'];

/** Whether a page with these chips can be found walking that index alone. */
export const recorrible = (filtros: FiltrosLineas) =>
  columnasConChips(filtros).every(([c]) => EN_RECORRIDO.includes(c));

/**
 * Runs `f` in a transaction planned for its values: the connections plan generically
 * (database.ts), and a generic plan cannot tell a rare chip on ICC or number, which the trigram
 * indexes answer (migration 0030), from a common one, found sooner by walking the range by date.
 * `porFecha` makes the walk the only plan: the planner guesses a chip's matches from the text
 * alone (333 for an ICC chip 11,121 lines match) and reads them all through the trigram index.
 */
export const conPlanPropio = <T>(db: Db, f: (tx: Db) => Promise<T>, plan: Plan = {}) =>
  db.transaction().execute(async (tx) => {
    // A page of 20 rows, or a count that stops at 1,001, is read by one process: parallel
    // workers each walk the range ahead of it (10M lines, chip dn=5512: a page read 98,000 rows
    // for 21, 1.3 s against 30-40 ms alone; the count took 32 ms against 20).
    const soloRecorrido = plan.porFecha
      ? sql`, set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`
      : sql``;
    await sql`select set_config('plan_cache_mode', 'force_custom_plan', true),
      set_config('max_parallel_workers_per_gather', '0', true)${soloRecorrido}`.execute(tx);
    return f(tx);
  });

/** A page of `n` rows newest upload first, after `cursor`. */
const enOrden = <D, T extends keyof D, O>(
  q: SelectQueryBuilder<D, T, O>,
  cursor: Cursor | undefined,
  n: number,
) =>
  (cursor ? q.where(despuesDe('l.fecha_subida', 'l.id', cursor)) : q)
    .orderBy(sql`l.fecha_subida desc, l.id desc`)
    .limit(n);

/**
 * One page, newest upload first, after `cursor`. `porFecha`: the page's ids first, from the
 * index alone (its chips recorrible), then their rows: reading each row the walk passes is what
 * cost 100 ms at 10,000,000 lines.
 */
export function pagina(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: FiltrosLineas,
  cursor: Cursor | undefined,
  n: number,
  plan: Plan = {},
) {
  const comunes = plan.comunes ?? SIN_COMUNES;
  const conVista = (q: ReturnType<typeof conNombres>) =>
    q.selectAll('l').select([...nombresVista, claveCursor('l.fecha_subida').as('k')]);
  if (!plan.porFecha) return enOrden(conVista(consulta(db, a, r, filtros, comunes)), cursor, n).execute();
  // The ids from `lineas` alone: a join, even one the planner drops, keeps it from the index alone.
  const ids = enOrden(
    db
      .selectFrom('lineas as l')
      .select('l.id')
      .where(condiciones(a, r, filtros, comunes)),
    cursor,
    n,
  );
  return enOrden(conVista(conNombres(db, a.empresaId)).where('l.id', 'in', ids), cursor, n).execute();
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
  const q = consulta(db, a, r, filtros, comunes).select([
    'l.id',
    claveCursor('l.fecha_subida').as('k'),
    // One text column each, not one text[]: pg parses arrays in JavaScript (measured: 7 s of CPU
    // on 1,000,000 rows, the export's largest cost after exceljs).
    // The carrier by its name alone, as the screen shows it ('Telcel', not the chips' 'T Telcel').
    ...columnas.map((c, i) =>
      (c === 'compania' ? carrierSql('l.compania') : textoColumna(c, r.zona)).as(`c${i}`),
    ),
  ]);
  const filas = await enOrden(q, cursor, n).execute();
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
