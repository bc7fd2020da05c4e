import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { leerConfig } from '../src/config.ts';
import { abrirDb, type Db } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { COLAS, iniciarColas } from '../src/jobs/colas.ts';
import { crearBitacora } from '../src/lib/bitacora.ts';
import { baseDeDatosNueva } from './entorno.ts';

// Several processes on one real PostgreSQL (the embedded database has only one process).
describe.skipIf(!process.env.DATABASE_URL)('start-up of several processes at once', () => {
  it('four processes on a fresh database all migrate and create the queues', async () => {
    const { url, borrar } = await baseDeDatosNueva();
    const log = crearBitacora({ logLevel: 'silent' });
    const config = { ...leerConfig({ DATA_DIR: 'memory://' }), databaseUrl: url };
    // Each "process" has its own pool, as separate processes would.
    const bases = await Promise.all([1, 2, 3, 4].map(() => abrirDb(config)));
    try {
      const arranques = await Promise.allSettled(
        bases.map(async (db) => {
          await migrar(db);
          return iniciarColas(db, { trabajador: false, log });
        }),
      );
      const fallos = arranques.flatMap((a) => (a.status === 'rejected' ? [String(a.reason)] : []));
      expect(fallos).toEqual([]);
      const colas = await sql<{ name: string }>`select name from pgboss.queue`.execute(bases[0] as Db);
      expect(colas.rows.map((c) => c.name).sort()).toEqual(Object.values(COLAS).sort());
      for (const a of arranques)
        if (a.status === 'fulfilled') await a.value.stop({ graceful: false, wait: true });
    } finally {
      for (const db of bases) await db.destroy();
      await borrar();
    }
  });
});
