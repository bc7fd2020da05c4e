import { sql } from 'kysely';
import { type Db, unaConexion } from './database.ts';
import { sinPlazos } from './plazos.ts';

/**
 * Runs `hacer` while this process holds the start-up lock of the database (a PostgreSQL
 * advisory lock), so processes started together on a fresh database migrate and create the
 * pg-boss queues one after another: pg-boss's createQueue is not safe to run concurrently
 * (two API processes died with "deadlock detected"). The lock goes with the connection if the
 * process dies. The embedded database has one process and one connection: nothing to wait for.
 */
export async function enExclusiva<T>(db: Db, hacer: (conexion: Db) => Promise<T>): Promise<T> {
  if (unaConexion(db)) return hacer(db);
  // No time limits on this connection: another process may migrate for minutes meanwhile, and
  // what runs on it (migrations) may build indexes for as long.
  return db.connection().execute((conexion) =>
    sinPlazos(conexion, async () => {
      // Tried every 200 ms, not waited for inside a statement: a waiting statement holds a
      // snapshot, which the holder's `create index concurrently` (indices-en-linea.ts) waits for
      // in turn: "deadlock detected" when four processes started together.
      while (
        !(
          await sql<{
            ok: boolean;
          }>`select pg_try_advisory_lock(hashtext('recargas:arranque')) as ok`.execute(conexion)
        ).rows[0]?.ok
      )
        await new Promise((ok) => setTimeout(ok, 200));
      try {
        return await hacer(conexion);
      } finally {
        await sql`select pg_advisory_unlock(hashtext('recargas:arranque'))`.execute(conexion);
      }
    }),
  );
}
