import type { Db } from '../../db/database.ts';

/** A user's permission keys or whitelisted routes (in their order), read in the caller's transaction. */
export async function lista(db: Db, tipo: 'permisos' | 'rutas', id: number): Promise<string[]> {
  if (tipo === 'permisos') {
    const filas = await db
      .selectFrom('usuario_permisos')
      .select('clave')
      .where('usuario_id', '=', id)
      .orderBy('clave')
      .execute();
    return filas.map((f) => f.clave);
  }
  const filas = await db
    .selectFrom('usuario_rutas')
    .select('ruta')
    .where('usuario_id', '=', id)
    .orderBy('orden')
    .execute();
  return filas.map((f) => f.ruta);
}

/** Replaces a user's permission keys or whitelisted routes (the caller's transaction). */
export async function reemplazarLista(db: Db, tipo: 'permisos' | 'rutas', id: number, valores: string[]) {
  if (tipo === 'permisos') {
    await db.deleteFrom('usuario_permisos').where('usuario_id', '=', id).execute();
    if (valores.length) {
      await db
        .insertInto('usuario_permisos')
        .values(valores.map((clave) => ({ usuario_id: id, clave })))
        .execute();
    }
    return;
  }
  await db.deleteFrom('usuario_rutas').where('usuario_id', '=', id).execute();
  if (valores.length) {
    await db
      .insertInto('usuario_rutas')
      .values(valores.map((ruta, orden) => ({ usuario_id: id, ruta, orden })))
      .execute();
  }
}
