import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** SQL of the stored exports (excel_archivos, excel_trozos: migration 0021). */

export async function crear(db: Db, nombre: string, empresaId: number, expira: Date) {
  await db.insertInto('excel_archivos').values({ nombre, empresa_id: empresaId, expira }).execute();
}

export async function guardarTrozo(db: Db, nombre: string, n: number, datos: Uint8Array) {
  await db.insertInto('excel_trozos').values({ nombre, n, datos }).execute();
}

export async function completar(db: Db, nombre: string, trozos: number, tamano: number) {
  await db
    .updateTable('excel_archivos')
    .set({ completo: true, trozos, tamano })
    .where('nombre', '=', nombre)
    .execute();
}

/** A complete export not yet expired, or undefined. */
export async function vigente(db: Db, nombre: string) {
  return db
    .selectFrom('excel_archivos')
    .select(['trozos', 'tamano'])
    .where('nombre', '=', nombre)
    .where('completo', '=', true)
    .where('expira', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function trozo(db: Db, nombre: string, n: number) {
  const r = await db
    .selectFrom('excel_trozos')
    .select('datos')
    .where('nombre', '=', nombre)
    .where('n', '=', n)
    .executeTakeFirst();
  return r?.datos;
}

export async function borrar(db: Db, nombre: string) {
  await db.deleteFrom('excel_archivos').where('nombre', '=', nombre).execute();
}

/** Deletes the expired exports (their chunks go with them); how many. */
export async function borrarVencidos(db: Db) {
  const r = await db.deleteFrom('excel_archivos').where('expira', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(r.numDeletedRows);
}
