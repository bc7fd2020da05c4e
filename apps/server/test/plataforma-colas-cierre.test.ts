import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PGliteDialect } from '../src/db/pglite-dialect.ts';
import { ejecutorDe } from '../src/jobs/colas.ts';

/**
 * pg-boss completes a job without awaiting it: after a stop without grace, that last write can
 * reach a database already closed. It must not become an unhandled rejection (it ends a process,
 * and fails a test run): the job stays active, expires and is taken up again.
 */
describe('pg-boss bookkeeping after the database closed', () => {
  it('the embedded client closed under a queued query: nothing written, no rejection', async () => {
    const cliente = await PGlite.create();
    const db = new Kysely({ dialect: new PGliteDialect(cliente) });
    await cliente.close();
    await expect(ejecutorDe(db, { reintentar: true }).executeSql('select 1', [])).resolves.toEqual({
      rows: [],
    });
    // Inside one of our transactions (no reintentar) the error still reaches the caller.
    await expect(ejecutorDe(db).executeSql('select 1', [])).rejects.toThrow(/closed/);
  });

  it('the Kysely instance destroyed: nothing written, no rejection', async () => {
    const db = new Kysely({ dialect: new PGliteDialect(await PGlite.create()) });
    await ejecutorDe(db).executeSql('select 1', []);
    await db.destroy();
    await expect(ejecutorDe(db, { reintentar: true }).executeSql('select 1', [])).resolves.toEqual({
      rows: [],
    });
  });
});
