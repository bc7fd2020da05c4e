import type { Db } from '../../db/database.ts';

/** Every note, newest first, with whether this user has opened it. */
export const lista = (db: Db, usuarioId: number) =>
  db
    .selectFrom('actualizaciones as a')
    .leftJoin('actualizaciones_leidas as l', (j) =>
      j.onRef('l.actualizacion_id', '=', 'a.id').on('l.usuario_id', '=', usuarioId),
    )
    .select(['a.id', 'a.titulo', 'a.fecha', 'a.archivo', 'l.leida'])
    .orderBy('a.fecha', 'desc')
    .orderBy('a.id', 'desc')
    .execute();

export const porId = (db: Db, id: number) =>
  db.selectFrom('actualizaciones').selectAll().where('id', '=', id).executeTakeFirst();

export const marcarLeida = (db: Db, usuarioId: number, id: number) =>
  db
    .insertInto('actualizaciones_leidas')
    .values({ usuario_id: usuarioId, actualizacion_id: id })
    .onConflict((oc) => oc.columns(['usuario_id', 'actualizacion_id']).doNothing())
    .execute();
