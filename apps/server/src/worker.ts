import { abrirDb } from './db/database.ts';
import { abrirLectura } from './db/lectura.ts';
import { iniciarColas } from './jobs/colas.ts';
import { servirSalud } from './jobs/salud.ts';
import { registrarTrabajadores } from './jobs/trabajadores.ts';
import { apagadoOrdenado, baseAlDia, configuracion, vigilarSalida } from './lib/arranque.ts';
import { crearBitacora } from './lib/bitacora.ts';
import { avisarSinProveedor } from './modules/saldos/service.ts';
import { RegistroProveedores } from './providers/registro.ts';
import { registrarAreas } from './registros.ts';

/** npm run worker: the job workers alone (scale them apart from the API; set WORKERS=0 there). */
registrarAreas();
const config = configuracion();
const log = crearBitacora(config);
const apagado = apagadoOrdenado(vigilarSalida(config), config.apagadoMs);
const db = await abrirDb(config);
apagado.paso(() => db.destroy());
await baseAlDia(db, config, log);
const boss = await iniciarColas(db, { trabajador: true, log });
// Running jobs end within the deadline; pg-boss then fails what is left, to be retried elsewhere.
apagado.paso(() => boss.stop({ graceful: true, wait: true, timeout: config.apagadoMs }));
const proveedores = new RegistroProveedores(config, log);
const lectura = await abrirLectura(config);
if (lectura) apagado.paso(lectura.cerrar);
const ctx = { db, lectura, config, proveedores, boss, log };
await avisarSinProveedor(ctx);
await registrarTrabajadores(ctx);
if (config.workerPort) {
  const salud = await servirSalud(ctx, config.workerPort);
  apagado.paso(() => salud.close());
}
log.info('Trabajadores en marcha: reconciliación de recargas y barrido');
