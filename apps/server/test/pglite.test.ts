import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cediendo, PGliteDialect } from '../src/db/pglite-dialect.ts';

interface T {
  cuenta: { id: number; saldo: number };
}
let db: Kysely<T>;
beforeAll(async () => {
  db = new Kysely<T>({ dialect: new PGliteDialect(await PGlite.create()) });
  await sql`create table cuenta (id int primary key, saldo int not null)`.execute(db);
  await db.insertInto('cuenta').values({ id: 1, saldo: 0 }).execute();
});
afterAll(() => db.destroy());

describe('the PGlite dialect isolates transactions on its single connection', () => {
  it('a query of another caller does not run inside an open transaction (and is not rolled back with it)', async () => {
    const fallida = db.transaction().execute(async (tx) => {
      await tx.updateTable('cuenta').set({ saldo: 100 }).where('id', '=', 1).execute();
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('abortar');
    });
    // Queued while the transaction is open: with a shared, unlocked client it would run inside it.
    const suma = db
      .updateTable('cuenta')
      .set((eb) => ({ saldo: eb('saldo', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    await expect(fallida).rejects.toThrow('abortar');
    await suma;
    const fila = await db.selectFrom('cuenta').select('saldo').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(fila.saldo).toBe(1);
  });

  it('100 concurrent read-modify-write transactions lose no update', async () => {
    await db.updateTable('cuenta').set({ saldo: 0 }).execute();
    await Promise.all(
      Array.from({ length: 100 }, () =>
        db.transaction().execute(async (tx) => {
          const { saldo } = await tx
            .selectFrom('cuenta')
            .select('saldo')
            .where('id', '=', 1)
            .executeTakeFirstOrThrow();
          await tx
            .updateTable('cuenta')
            .set({ saldo: saldo + 1 })
            .where('id', '=', 1)
            .execute();
        }),
      ),
    );
    const fila = await db.selectFrom('cuenta').select('saldo').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(fila.saldo).toBe(100);
  });

  it('the event loop gets a turn between queries (a timer fires in the middle of a run of them)', async () => {
    let disparado = false;
    setTimeout(() => {
      disparado = true;
    }, 0);
    let visto = -1;
    for (let i = 0; i < 20; i++) {
      await sql`select 1`.execute(db);
      if (disparado && visto < 0) visto = i;
    }
    expect(visto).toBeGreaterThanOrEqual(0);
    expect(visto).toBeLessThan(19);
  });

  it('background work (cediendo) does not slip between the queries of a request in course', async () => {
    const orden: string[] = [];
    const tres = async (quien: string) => {
      for (let i = 0; i < 3; i++) {
        await sql`select 1`.execute(db);
        orden.push(quien);
      }
    };
    // The background asks first; the request's three queries still go before its first.
    await Promise.all([cediendo(() => tres('fondo')), tres('peticion')]);
    expect(orden).toEqual(['peticion', 'peticion', 'peticion', 'fondo', 'fondo', 'fondo']);
  });
});
