import { sql } from 'kysely';
import type { Bitacora } from '../lib/bitacora.ts';
import { type Db, unaConexion } from './database.ts';

/**
 * An index on a large table (issue 40): built `concurrently`, outside any transaction, so the
 * table takes writes while it is built (a plain `create index` in migration 0033 blocked new
 * top-ups for 20 s at 1,000,000 rows, minutes at 10,000,000). `sql` is its whole statement.
 */
export interface IndiceEnLinea {
  nombre: string;
  tabla: string;
  sql: string;
  /** An older index this one takes the place of: dropped (concurrently) once this one is valid. */
  reemplaza?: string;
  /**
   * A unique index's preparation, run before each try (it must be safe to repeat): it sets apart
   * the rows that would break it. A row written between it and the build fails the build, which
   * is then tried again (VECES_UNICO).
   */
  antes?: string;
}

/** Tries of a unique index whose build met a repeated value written meanwhile. */
const VECES_UNICO = 3;

/**
 * The indexes built this way, after the migrations; a new one is added here, never in a
 * migration (migraciones-en-linea.test.ts). The first three came with migrations 0031, 0033 and
 * 0034, which built them inside the migration transaction until 1.1.0: upgrading 1.0.0 at
 * 1,000,000 top-ups held every new top-up for 20 s (bench:upgrade). A database that had them
 * built the old way keeps the two whose name is unchanged and builds `lineas_recorrido` once.
 */
export const INDICES_EN_LINEA: readonly IndiceEnLinea[] = [
  {
    // Pages of lines walked newest first read their chips' columns in the index alone (0031).
    nombre: 'lineas_recorrido',
    tabla: 'lineas',
    sql: `create index concurrently if not exists lineas_recorrido on lineas (empresa_id, fecha_subida, id)
      include (lider_id, compania, icc, dn)`,
    reemplaza: 'lineas_empresa_subida',
  },
  {
    // A long number chip of the sales report by two of its 6-digit pieces (0033). Without GIN's
    // pending list (0042): every top-up's pieces go into the index as it is written.
    nombre: 'recargas_dn_subcadenas',
    tabla: 'recargas',
    sql: `create index concurrently if not exists recargas_dn_subcadenas on recargas
      using gin (subcadenas(dn, 6)) with (fastupdate = off)`,
    reemplaza: 'recargas_dn_trigramas',
  },
  {
    // A number chip of the lines counted month by month, newest first (0034).
    nombre: 'lineas_dn_meses',
    tabla: 'lineas',
    sql: `create index concurrently if not exists lineas_dn_meses on lineas
      using gin (trigramas_por_mes(dn, fecha_subida))`,
  },
  {
    // A /v1 reference once per company (0038). One sort of the table marks all but the first row
    // of each (company, reference) repeated before it, which the index leaves out.
    nombre: 'recargas_api_referencia_unica',
    tabla: 'recargas_api',
    antes: `update recargas_api x set repetida = true from (
        select recarga_id, row_number() over (partition by empresa_id, referencia order by recarga_id) as orden
        from recargas_api where referencia is not null and not repetida) r
      where x.recarga_id = r.recarga_id and r.orden > 1`,
    sql: `create unique index concurrently if not exists recargas_api_referencia_unica on recargas_api
      (empresa_id, referencia) where referencia is not null and not repetida`,
  },
];

/**
 * Indexes of large tables that are no longer read, dropped without a lock after the migrations:
 * `recargas_abiertas` (0002) gave way to the table recargas_en_curso (0043).
 */
export const INDICES_RETIRADOS: readonly string[] = ['recargas_abiertas'];

/**
 * Builds each missing index without blocking writes. One whose build failed half-way (an
 * invalid index, left by `concurrently` on an error or a killed process) is dropped and built
 * again; a valid one is left alone, so running it twice does nothing. On a connection without
 * a transaction and without time limits (migrate.ts). The embedded PGlite has one connection and
 * no other writer: there the same statements run without `concurrently`.
 */
export async function crearIndicesEnLinea(
  conexion: Db,
  log: Pick<Bitacora, 'info'>,
  indices: readonly IndiceEnLinea[] = INDICES_EN_LINEA,
  retirados: readonly string[] = indices === INDICES_EN_LINEA ? INDICES_RETIRADOS : [],
) {
  const enLinea = (texto: string) => (unaConexion(conexion) ? texto.replace(' concurrently', '') : texto);
  for (const i of indices) {
    const valido = async () =>
      (
        await sql<{ valido: boolean }>`select ix.indisvalid as valido from pg_class c
          join pg_index ix on ix.indexrelid = c.oid where c.relname = ${i.nombre}`.execute(conexion)
      ).rows[0]?.valido;
    for (let vez = 1; (await valido()) !== true; vez++) {
      if ((await valido()) === false)
        await sql.raw(enLinea(`drop index concurrently if exists ${i.nombre}`)).execute(conexion);
      const inicio = Date.now();
      try {
        if (i.antes) await sql.raw(i.antes).execute(conexion);
        await sql.raw(enLinea(i.sql)).execute(conexion);
      } catch (e) {
        if (!i.antes || (e as { code?: string }).code !== '23505' || vez >= VECES_UNICO) throw e;
        continue;
      }
      log.info({ indice: i.nombre, ms: Date.now() - inicio }, `Índice ${i.nombre} creado en ${i.tabla}`);
    }
    if (i.reemplaza)
      await sql.raw(enLinea(`drop index concurrently if exists ${i.reemplaza}`)).execute(conexion);
  }
  for (const nombre of retirados)
    await sql.raw(enLinea(`drop index concurrently if exists ${nombre}`)).execute(conexion);
}
