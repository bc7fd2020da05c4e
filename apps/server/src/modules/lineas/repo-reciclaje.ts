import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Cursor } from '../../lib/cursor.ts';
import { type LineaVista, vistas } from './repo.ts';

/**
 * The SQL of recycling on lines (reciclaje/service.ts): the pending list, and the two changes a
 * decision makes to a line. The record of each decision (`reciclajes`) is reciclaje's own table.
 */
type Tx = Transaction<DB>;

/** A line held by a top-up still in flight is left alone: its outcome is about to write it. */
const sinRecargaEnCurso = sql<SqlBool>`not exists (
  select 1 from recargas r where r.linea_id = l.id and r.estado in ('pendiente', 'enviada'))`;

/**
 * Pending recycling: a line with a number whose validity ended before `hoy`, whose recycling
 * was not forgotten for that validity (0011), and that no top-up holds. Written against `l`.
 */
const pendiente = (hoy: string) =>
  sql<SqlBool>`l.dn <> '' and l.fecha_vigencia < ${hoy}::date and l.vigencia_olvidada is distinct from l.fecha_vigencia and ${sinRecargaEnCurso}`;

/** One page of the pending list, oldest expiry first (keyset: validity day, id). */
export function pendientes(db: Db, empresaId: number, hoy: string, cursor: Cursor | undefined, n: number) {
  let q = vistas(db, empresaId)
    .where(pendiente(hoy))
    .select(sql<string>`to_char(l.fecha_vigencia, 'YYYY-MM-DD"T00:00:00.000000"')`.as('k'));
  if (cursor)
    q = q.where(
      sql<SqlBool>`(l.fecha_vigencia, l.id) > (${cursor.k.slice(0, 10)}::date, ${cursor.id}::bigint)`,
    );
  return q.orderBy('l.fecha_vigencia').orderBy('l.id').limit(n).execute() as Promise<LineaVista[]>;
}

export async function contarPendientes(db: Db, empresaId: number, hoy: string): Promise<number> {
  const f = await db
    .selectFrom('lineas as l')
    .where('l.empresa_id', '=', empresaId)
    .where(pendiente(hoy))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(f.n);
}

/** Which lines a decision applies to: one number, only if pending (`hoy`), or every pending one. */
export interface Seleccion {
  empresaId: number;
  dn?: string;
  /** Only lines pending on this day; undefined: the number's lines whatever their state. */
  hoy?: string;
}

const donde = (s: Seleccion) =>
  sql<SqlBool>`l.empresa_id = ${s.empresaId}
    ${s.dn === undefined ? sql`` : sql`and l.dn = ${s.dn}`}
    ${s.hoy === undefined ? sql`` : sql`and ${pendiente(s.hoy)}`}`;

/** A changed line as it was before the change: what its `reciclajes` row keeps. */
export interface LineaAntes {
  id: number;
  icc: string;
  dn: string;
  lider_id: number | null;
  cliente_id: number | null;
  fecha_vigencia: string | null;
  fecha_recarga: Date | null;
}

/** Runs `cambio`, a statement's CTEs ending in `cambiadas` (each changed line as it was). */
const cambiar = async (tx: Tx, cambio: RawBuilder<unknown>) =>
  (await sql<LineaAntes>`with ${cambio} select * from cambiadas`.execute(tx)).rows;

/**
 * Recycle: the selected lines go back to stock (no leader, client, recharge or validity). The
 * rows are locked first, so of two presses at once the second finds the line no longer pending
 * (or, by number, recycles an already clean line again).
 */
export const reciclar = (tx: Tx, s: Seleccion) =>
  cambiar(
    tx,
    sql`antes as (
      select l.id, l.icc, l.dn, l.lider_id, l.cliente_id, l.fecha_vigencia, l.fecha_recarga
      from lineas l where ${donde(s)} and ${sinRecargaEnCurso}
      for update of l
    ), hecho as (
      update lineas l set lider_id = null, cliente_id = null, is_recargado = false,
        fecha_recarga = null, fecha_vigencia = null, vigencia_olvidada = null, fecha_actualizacion = now()
      from antes where l.id = antes.id
      returning l.id
    ), cambiadas as (select antes.* from antes join hecho using (id))`,
  );

/** Forget: the selected pending lines stay as they are and leave the list until a new validity ends. */
export const olvidar = (tx: Tx, s: Seleccion & { hoy: string }) =>
  cambiar(
    tx,
    sql`cambiadas as (
      update lineas l set vigencia_olvidada = l.fecha_vigencia, fecha_actualizacion = now()
      where ${donde(s)}
      returning l.id, l.icc, l.dn, l.lider_id, l.cliente_id, l.fecha_vigencia, l.fecha_recarga
    )`,
  );

/** Whether the company has a line with this number, and whether a top-up holds one of them. */
export async function estadoDn(db: Db | Tx, empresaId: number, dn: string) {
  const f = await db
    .selectFrom('lineas as l')
    .where('l.empresa_id', '=', empresaId)
    .where('l.dn', '=', dn)
    .select([
      (eb) => eb.fn.countAll<number>().as('n'),
      sql<boolean>`bool_or(not ${sinRecargaEnCurso})`.as('enRecarga'),
    ])
    .executeTakeFirstOrThrow();
  return { existe: Number(f.n) > 0, enRecarga: Boolean(f.enRecarga) };
}
