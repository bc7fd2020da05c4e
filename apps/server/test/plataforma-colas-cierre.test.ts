import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import { ejecutorDe, iniciarColas } from '../src/jobs/colas.ts';
import { crearEntorno } from './entorno.ts';

/**
 * pg-boss completes (or fails) a job without awaiting it: after a stop without grace, that last
 * write can reach a database already closed. It must not become an unhandled rejection (it ends
 * a process, and fails a test run): the job stays active, expires and is taken up again.
 */
const rechazos: unknown[] = [];
const anotar = (e: unknown) => rechazos.push(e);
afterEach(() => {
  process.off('unhandledRejection', anotar);
  rechazos.length = 0;
});

describe('pg-boss bookkeeping after the database closed', () => {
  it('a job whose handler ends after the stop and the close: no unhandled rejection', async () => {
    process.on('unhandledRejection', anotar);
    const e = await crearEntorno();
    const boss = await iniciarColas(e.db, { trabajador: false, log: e.app.log });
    const cola = 'prueba-cierre';
    await boss.createQueue(cola);
    let soltar = () => {};
    const suelto = new Promise<void>((ok) => {
      soltar = ok;
    });
    let empezo = () => {};
    const empezado = new Promise<void>((ok) => {
      empezo = ok;
    });
    await boss.work(cola, { pollingIntervalSeconds: 0.5 }, async () => {
      empezo();
      await suelto;
    });
    await boss.send(cola, {});
    await empezado;
    await boss.stop({ graceful: false, wait: true });
    await e.cerrar();
    // The handler ends now: pg-boss's complete runs on a closed pool (or closed PGlite).
    soltar();
    await new Promise((ok) => setTimeout(ok, 200));
    expect(rechazos).toEqual([]);
  });

  it('inside one of our transactions (no reintentar) the error still reaches the caller', async () => {
    const cliente = await PGlite.create();
    const db = new Kysely({ dialect: new PGliteDialect(cliente) });
    await cliente.close();
    await expect(ejecutorDe(db).executeSql('select 1', [])).rejects.toThrow(/closed/);
  });
});
