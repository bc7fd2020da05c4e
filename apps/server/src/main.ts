import { construirApp } from './app.ts';
import { leerConfig } from './config.ts';
import { abrirDb } from './db/database.ts';
import { migrar } from './db/migrate.ts';
import { sembrar } from './db/seed/index.ts';

/** npm start: migrate, seed an empty database, serve API and web on one port. */
const config = leerConfig();
const db = await abrirDb(config);
await migrar(db);
const app = await construirApp(config, db);
if (await sembrar(db)) app.log.info('Base de datos vacía: datos de demostración creados');
await app.listen({ port: config.port, host: config.host });

for (const senal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(senal, async () => {
    await app.close();
    await db.destroy();
    process.exit(0);
  });
}
