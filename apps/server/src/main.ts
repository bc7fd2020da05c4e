import { construirApp } from './app.ts';
import { abrirDb } from './db/database.ts';
import { sembrar } from './db/seed/index.ts';
import { apagadoOrdenado, baseAlDia, configuracion, vigilarSalida } from './lib/arranque.ts';
import { avisarSinProveedor } from './modules/saldos/service.ts';
import { empezarDrenaje } from './plugins/metricas.ts';

/**
 * npm start (or `node apps/server/dist/main.js`): migrate, seed the demo data where it belongs
 * (config.sembrarDemo), serve API and web on one port; SIGTERM/SIGINT close it in order.
 */
const config = configuracion();
const salida = vigilarSalida(config);
const apagado = apagadoOrdenado(salida, config.apagadoMs);
const db = await abrirDb(config);
apagado.paso(() => db.destroy());
await baseAlDia(db, config, salida);
const app = await construirApp(config, db);
apagado.paso(async () => {
  empezarDrenaje(app);
  await new Promise((ok) => setTimeout(ok, config.drenajeMs));
  // The jobs of this process (WORKERS=1) get the same deadline; Fastify stops taking requests and
  // answers the ones in flight.
  const trabajos = app.boss.stop({ graceful: true, wait: true, timeout: config.apagadoMs });
  // A keep-alive connection whose request ends after close() began stays open (Node closes only
  // those idle at that moment) and would hold close() until the client drops it.
  const inactivas = setInterval(() => app.server.closeIdleConnections(), 200);
  await app.close();
  clearInterval(inactivas);
  await trabajos;
});
if (config.sembrarDemo && (await sembrar(db)))
  app.log.info('Base de datos vacía: datos de demostración creados');
await avisarSinProveedor(app);
await app.listen({ port: config.port, host: config.host });
