import { servidorSimulador } from '../providers/servidor-simulador.ts';

/** npm run provider:sim: the provider simulator over HTTP, for a server started with PROVIDER_SIM_URL. */
const puerto = Number(process.env.PROVIDER_SIM_PORT ?? 4010);
const { server } = servidorSimulador();
server.listen(puerto, '127.0.0.1', () =>
  console.log(`Simulador de proveedores en http://127.0.0.1:${puerto}`),
);
