import type { Db } from '../../db/database.ts';

/** Every note, newest first. */
export const lista = (db: Db) =>
  db
    .selectFrom('actualizaciones')
    .select(['id', 'titulo', 'fecha', 'archivo'])
    .orderBy('fecha', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const porId = (db: Db, id: number) =>
  db.selectFrom('actualizaciones').selectAll().where('id', '=', id).executeTakeFirst();
