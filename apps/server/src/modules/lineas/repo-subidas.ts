import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The SQL of uploads on lines (lineas/subida.ts): actions 1, 2 and 3 write through here, one
 * chunk of rows at a time, and on the embedded database each chunk is undone through here too.
 */
type Tx = Transaction<DB>;

export interface LineaNueva {
  empresa_id: number;
  icc: string;
  dn: string;
  compania: string;
  monto: number | null;
  lider_id: number | null;
  cliente_id: number | null;
  nir: string | null;
  fecha_vigencia: string | null;
  plataforma: number | null;
  subido_por: number;
  fecha_entrega: string | null;
  producto: string | null;
  fecha_portada: string | null;
}

/** Each column of a new line with its SQL type. */
const TIPOS: Record<keyof LineaNueva, string> = {
  empresa_id: 'int',
  icc: 'text',
  dn: 'text',
  compania: 'text',
  monto: 'int',
  lider_id: 'int',
  cliente_id: 'int',
  nir: 'text',
  fecha_vigencia: 'date',
  plataforma: 'smallint',
  subido_por: 'int',
  fecha_entrega: 'date',
  producto: 'text',
  fecha_portada: 'date',
};
const COLUMNAS = Object.keys(TIPOS) as (keyof LineaNueva)[];

/**
 * A chunk of new lines as one array per column, unnested: 14 parameters instead of 14 per row.
 * A VALUES list of 1,000 rows was 14,000 nodes built and compiled per chunk, the most of an
 * upload's garbage while writing (the server's peak memory, bench:uploads).
 */
const enArreglos = (filas: LineaNueva[]) =>
  sql`select * from unnest(${sql.join(
    COLUMNAS.map((c) => sql`${filas.map((f) => f[c])}::${sql.raw(TIPOS[c])}[]`),
  )})`;

/** New lines; an ICC the company already holds is left alone (answers only the inserted lines). */
export const insertarNuevas = (tx: Tx, filas: LineaNueva[]) =>
  tx
    .insertInto('lineas')
    .columns(COLUMNAS)
    .expression(enArreglos(filas))
    .onConflict((oc) => oc.columns(['empresa_id', 'icc']).doNothing())
    .returning(['id', 'icc'])
    .execute();

/**
 * Lines replaced by ICC, or inserted when new. A leader (liderId) only replaces their own
 * lines: the others are not returned. Validity, platform and extra columns keep their value
 * when the file leaves them empty. `nueva` tells an insert from a replacement.
 */
export const reemplazar = (tx: Tx, filas: LineaNueva[], liderId: number | undefined) =>
  tx
    .insertInto('lineas')
    .columns(COLUMNAS)
    .expression(enArreglos(filas))
    .onConflict((oc) => {
      const u = oc.columns(['empresa_id', 'icc']).doUpdateSet({
        dn: sql`excluded.dn`,
        compania: sql`excluded.compania`,
        monto: sql`excluded.monto`,
        lider_id: sql`excluded.lider_id`,
        cliente_id: sql`excluded.cliente_id`,
        nir: sql`excluded.nir`,
        fecha_vigencia: sql`coalesce(excluded.fecha_vigencia, lineas.fecha_vigencia)`,
        plataforma: sql`coalesce(excluded.plataforma, lineas.plataforma)`,
        fecha_entrega: sql`coalesce(excluded.fecha_entrega, lineas.fecha_entrega)`,
        producto: sql`coalesce(excluded.producto, lineas.producto)`,
        fecha_portada: sql`coalesce(excluded.fecha_portada, lineas.fecha_portada)`,
        fecha_actualizacion: sql`now()`,
      });
      return liderId === undefined ? u : u.where('lineas.lider_id', '=', liderId);
    })
    .returning(['id', 'icc', sql<boolean>`(xmax = 0)`.as('nueva')])
    .execute();

/**
 * The lines of a chunk's ICCs, `l`, found one ICC at a time through the (empresa_id, icc) index,
 * whatever the planner believes. Not an IN list: PostgreSQL's connections plan generically
 * (database.ts, plan_cache_mode), and with statistics not yet updated after a big upload the plan
 * scanned all the company's lines comparing each to the whole list (1,000 ICCs among 100,000
 * lines: 2.5 s a chunk); nor a plain join, which PGlite, with stale statistics, made a hash join
 * over every line of the company.
 */
const deIccs = (empresaId: number, iccs: string[], columnas: RawBuilder<unknown>) =>
  sql`unnest(${iccs}::text[]) as x(icc)
    cross join lateral (select ${columnas} from lineas l where l.empresa_id = ${empresaId} and l.icc = x.icc) l`;

/** Deletes lines of a company by ICC; answers the ICCs deleted. */
export const eliminar = async (tx: Tx, empresaId: number, iccs: string[]) =>
  (
    await sql<{ icc: string }>`delete from lineas
      where id = any(array(select l.id from ${deIccs(empresaId, iccs, sql`l.id`)}))
      returning icc`.execute(tx)
  ).rows;

/**
 * The lines of these ICCs as they are now (only `liderId`'s when given), as one JSON array of
 * whole rows (text, kept as it comes): what undoes an upload's chunk on the embedded database
 * (subidas/tramos.ts). `conEnlaces`: each row also names the top-ups and recyclings that point at
 * it, which its deletion sets to null.
 */
export async function instantanea(
  tx: Tx,
  empresaId: number,
  iccs: string[],
  o: { liderId?: number | undefined; conEnlaces?: boolean } = {},
): Promise<string> {
  const enlaces = (tabla: 'recargas' | 'reciclajes') =>
    sql`(select coalesce(jsonb_agg(t.id), '[]'::jsonb) from ${sql.table(tabla)} t where t.linea_id = l.id)`;
  // json_agg of the row itself: half the time of jsonb (500 rows, PGlite: 8.9 vs 13.8 ms).
  const filas = o.conEnlaces
    ? sql`jsonb_agg(to_jsonb(l) || jsonb_build_object('_recargas', ${enlaces('recargas')}, '_reciclajes', ${enlaces('reciclajes')}))::text`
    : sql`json_agg(l)::text`;
  const r = await sql<{ filas: string | null }>`select ${filas} as filas
    from ${deIccs(empresaId, iccs, sql`l.*`)}
    ${o.liderId === undefined ? sql`` : sql`where l.lider_id = ${o.liderId}`}`.execute(tx);
  return r.rows[0]?.filas ?? '[]';
}

/** How to undo one chunk of an upload on lines: JSON arrays, as text (see instantanea). */
export interface DeshacerLineas {
  /** Ids of the lines it inserted. */
  insertadas: string;
  /** The lines it replaced, as they were. */
  cambiadas: string | null;
  /** The lines it deleted, with their links. */
  borradas: string | null;
}

/**
 * Undoes one chunk of an upload: its new lines deleted, the replaced ones given back the columns
 * a replacement sets, the deleted ones inserted again with their ids. A line whose ICC was taken
 * again meanwhile is left as the other writer made it. Answers the ids of the lines put back,
 * whose top-ups and recyclings their own modules link again (lib/enlaces.ts).
 */
export async function deshacer(tx: Tx, empresaId: number, d: DeshacerLineas): Promise<number[]> {
  await sql`delete from lineas
    where empresa_id = ${empresaId}
      and id in (select jsonb_array_elements_text(${d.insertadas}::jsonb)::bigint)`.execute(tx);
  if (d.cambiadas) {
    await sql`update lineas l set
        dn = a.dn, compania = a.compania, monto = a.monto, lider_id = a.lider_id, cliente_id = a.cliente_id,
        nir = a.nir, fecha_vigencia = a.fecha_vigencia, plataforma = a.plataforma,
        fecha_entrega = a.fecha_entrega, producto = a.producto, fecha_portada = a.fecha_portada,
        fecha_actualizacion = a.fecha_actualizacion
      from jsonb_populate_recordset(null::lineas, ${d.cambiadas}::jsonb) a
      where l.id = a.id and l.empresa_id = ${empresaId}`.execute(tx);
  }
  if (!d.borradas) return [];
  return (
    await sql<{ id: number }>`insert into lineas
      select * from jsonb_populate_recordset(null::lineas, ${d.borradas}::jsonb) where empresa_id = ${empresaId}
      on conflict do nothing
      returning id`.execute(tx)
  ).rows.map((f) => f.id);
}
