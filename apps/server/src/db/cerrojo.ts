import { sql } from 'kysely';
import { type Db, unaConexion } from './database.ts';

/**
 * Runs `hacer` while this process holds the start-up lock of the database (a PostgreSQL
 * advisory lock), so processes started together on a fresh database migrate and create the
 * pg-boss queues one after another: pg-boss's createQueue is not safe to run concurrently
 * (two API processes died with "deadlock detected"). The lock goes with the connection if the
 * process dies. The embedded database has one process and one connection: nothing to wait for.
 */
export async function enExclusiva<T>(db: Db, hacer: () => Promise<T>): Promise<T> {
  if (unaConexion(db)) return hacer();
  return db.connection().execute(async (conexion) => {
    await sql`select pg_advisory_lock(hashtext('recargas:arranque'))`.execute(conexion);
    try {
      return await hacer();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('recargas:arranque'))`.execute(conexion);
    }
  });
}
