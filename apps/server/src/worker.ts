import { leerConfig } from './config.ts';
import { abrirDb } from './db/database.ts';
import { migrar } from './db/migrate.ts';
import { iniciarColas } from './jobs/colas.ts';
import { registrarTrabajadores } from './jobs/trabajadores.ts';
import { crearBitacora } from './lib/bitacora.ts';
import { RegistroProveedores } from './providers/registro.ts';

/** npm run worker: the job workers alone (scale them apart from the API; set WORKERS=0 there). */
const config = leerConfig();
const log = crearBitacora(config);
const db = await abrirDb(config);
await migrar(db);
const boss = await iniciarColas(db, { trabajador: true, log });
const proveedores = new RegistroProveedores(config.providerSimUrl, config.providerTimeoutMs, config.reloadly, log);
await registrarTrabajadores({ db, config, proveedores, boss, log });
log.info('Trabajadores en marcha: reconciliación de recargas y barrido');

for (const senal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(senal, async () => {
    await boss.stop({ graceful: true, wait: true });
    await db.destroy();
    process.exit(0);
  });
}
