import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb, type Db, preparada } from '../src/db/database.ts';
import { sinBaseDeDatos } from '../src/lib/errores.ts';
import { baseDeDatosNueva } from './entorno.ts';

// Only a server can close a connection under us; the embedded database has none to close.
const conServidor = Boolean(process.env.DATABASE_URL);
let db: Db;
let borrar: () => Promise<void>;

beforeAll(async () => {
  if (!conServidor) return;
  const base = await baseDeDatosNueva();
  borrar = base.borrar;
  db = await abrirDb({ databaseUrl: base.url, dataDir: '' });
});
afterAll(async () => {
  if (!conServidor) return;
  await db.destroy();
  await borrar();
});

describe.skipIf(!conServidor)('PostgreSQL connections closed by the server', () => {
  it('one closed inside a transaction fails that transaction as "no database", and the process lives on', async () => {
    const transaccion = db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx);
      // Another connection closes this one, as a server restart does, while no statement runs:
      // the client's 'error' event comes now, with the pool not listening to a busy client.
      await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(db);
      await new Promise((r) => setTimeout(r, 300));
      await sql`select 1`.execute(tx);
    });
    const error = await transaccion.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(sinBaseDeDatos(error)).toBe(true);
    // The pool replaces the connection: the next query works.
    const { rows } = await sql<{ uno: number }>`select 1 as uno`.execute(db);
    expect(rows).toEqual([{ uno: 1 }]);
  });
});

describe.skipIf(!conServidor)('statements of the top-up path', () => {
  it('a marked statement is prepared once per connection with a generic plan; others are not', async () => {
    const preparadas = await db.transaction().execute(async (tx) => {
      for (let i = 0; i < 3; i++) await sql`${preparada} select ${i}::int as n`.execute(tx);
      await sql`select 1 as sin_marca`.execute(tx);
      const { rows } = await sql<{
        statement: string;
        generic_plans: number;
        custom_plans: number;
      }>`select statement, generic_plans::int, custom_plans::int from pg_prepared_statements`.execute(tx);
      return rows;
    });
    expect(preparadas).toHaveLength(1);
    expect(preparadas[0]?.statement).toContain('/* preparada */ select');
    expect(preparadas[0]).toMatchObject({ generic_plans: 3, custom_plans: 0 });
  });
});
