import { sql } from 'kysely';
import type { Bitacora } from '../lib/bitacora.ts';
import type { Db } from './database.ts';

/**
 * An index on a large table (issue 40): built `concurrently`, outside any transaction, so the
 * table takes writes while it is built (a plain `create index` in migration 0033 blocked new
 * top-ups for 20 s at 1,000,000 rows, minutes at 10,000,000). `sql` is its whole statement.
 */
export interface IndiceEnLinea {
  nombre: string;
  tabla: string;
  sql: string;
}

/**
 * The indexes built this way, after the migrations of the same release; a new one is added here,
 * never in a migration (migraciones-en-linea.test.ts). None yet: migrations up to 0037 built
 * theirs inside the migration transaction, as applied history.
 */
export const INDICES_EN_LINEA: readonly IndiceEnLinea[] = [];

/**
 * Builds each missing index without blocking writes. One whose build failed half-way (an
 * invalid index, left by `concurrently` on an error or a killed process) is dropped and built
 * again; a valid one is left alone, so running it twice does nothing. On a connection without
 * a transaction and without time limits (migrate.ts).
 */
export async function crearIndicesEnLinea(
  conexion: Db,
  log: Pick<Bitacora, 'info'>,
  indices: readonly IndiceEnLinea[] = INDICES_EN_LINEA,
) {
  for (const i of indices) {
    const r = await sql<{ valido: boolean }>`select ix.indisvalid as valido from pg_class c
      join pg_index ix on ix.indexrelid = c.oid where c.relname = ${i.nombre}`.execute(conexion);
    const valido = r.rows[0]?.valido;
    if (valido) continue;
    if (valido === false) await sql.raw(`drop index concurrently if exists ${i.nombre}`).execute(conexion);
    const inicio = Date.now();
    await sql.raw(i.sql).execute(conexion);
    log.info({ indice: i.nombre, ms: Date.now() - inicio }, `Índice ${i.nombre} creado en ${i.tabla}`);
  }
}
