import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { TablaConDeshacer } from './registro.ts';

/** Uploads in progress on the embedded database and how to undo their chunks (migration 0017). */
type Tx = Transaction<DB>;

/** An upload about to write its first chunk. */
export const abrir = (db: Db, empresaId: number, accion: number) =>
  db
    .insertInto('subidas_en_curso')
    .values({ empresa_id: empresaId, accion })
    .returning(['id', 'empresa_id'])
    .executeTakeFirstOrThrow();

/** What undoes one chunk, written in the chunk's own transaction (JSON arrays as text). */
export interface Deshacer {
  tabla: TablaConDeshacer;
  insertadas: string;
  cambiadas?: string | null;
  borradas?: string | null;
}

export const anotar = (tx: Tx, subidaId: number, d: Deshacer) =>
  tx
    .insertInto('subidas_deshacer')
    .values({
      subida_id: subidaId,
      tabla: d.tabla,
      insertadas: d.insertadas,
      cambiadas: d.cambiadas ?? null,
      borradas: d.borradas ?? null,
    })
    .execute();

/** The upload's commit: it is no longer in progress, and what would undo it goes. */
export const cerrar = (db: Db, subidaId: number) =>
  db.transaction().execute(async (tx) => {
    await tx.deleteFrom('subidas_en_curso').where('id', '=', subidaId).execute();
    await tx.deleteFrom('subidas_deshacer').where('subida_id', '=', subidaId).execute();
  });

/** Uploads left in progress (by a failed undo, or a process that died mid-way). */
export const enCurso = (db: Db) =>
  db.selectFrom('subidas_en_curso').select(['id', 'empresa_id']).orderBy('id').execute();

/** The upload's last chunk not yet undone, its JSON kept as text. */
export const ultimoTramo = async (tx: Tx, subidaId: number) =>
  (
    await sql<{
      id: number;
      tabla: TablaConDeshacer;
      insertadas: string;
      cambiadas: string | null;
      borradas: string | null;
    }>`select id, tabla, insertadas::text as insertadas, cambiadas::text as cambiadas, borradas::text as borradas
      from subidas_deshacer where subida_id = ${subidaId} order by id desc limit 1`.execute(tx)
  ).rows[0];

export const borrarTramo = (tx: Tx, id: number) =>
  tx.deleteFrom('subidas_deshacer').where('id', '=', id).execute();

export const borrarSubida = (tx: Tx, subidaId: number) =>
  tx.deleteFrom('subidas_en_curso').where('id', '=', subidaId).execute();

/** Undo rows whose upload is no longer in progress (a commit's, if it was cut short). */
export const borrarHuerfanos = (db: Db) =>
  sql`delete from subidas_deshacer d
    where not exists (select 1 from subidas_en_curso s where s.id = d.subida_id)`.execute(db);

/** Fresh planner statistics of a table an upload writes (the embedded database has no autovacuum). */
export const analizar = (db: Db, tabla: TablaConDeshacer) => sql`analyze ${sql.table(tabla)}`.execute(db);
