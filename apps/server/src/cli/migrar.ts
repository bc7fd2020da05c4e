import { abrirDb } from '../db/database.ts';
import { migrar } from '../db/migrate.ts';
import { configuracion, vigilarSalida } from '../lib/arranque.ts';

/**
 * npm run migrate (`node apps/server/dist/cli/migrar.js` in the image): the migrations and the
 * online indexes as a step of their own, before the APIs and workers of a release start with
 * MIGRAR_AL_ARRANCAR=0 (compose's `migrate` service). Exit 0 when the database is up to date.
 */
const config = configuracion();
const log = vigilarSalida(config);
const db = await abrirDb(config);
try {
  const aplicadas = await migrar(db, log);
  log.info(
    { aplicadas },
    aplicadas.length ? `Migraciones aplicadas: ${aplicadas.join(', ')}` : 'Sin migraciones pendientes',
  );
} finally {
  await db.destroy();
}
