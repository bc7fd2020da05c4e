import { leerConfigSimulador } from '../config.ts';
import { configuracion } from '../lib/arranque.ts';
import { servidorSimulador } from '../providers/servidor-simulador.ts';

/** npm run provider:sim: the provider simulator over HTTP, for a server started with PROVIDER_SIM_URL. */
const { puerto, saldo } = configuracion(process.env, leerConfigSimulador);
const { server } = servidorSimulador({ saldo });
server.listen(puerto, '127.0.0.1', () =>
  console.log(`Simulador de proveedores en http://127.0.0.1:${puerto}`),
);
