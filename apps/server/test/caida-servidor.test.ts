import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { baseDeDatosNueva, libroSimulador, PASSWORD_DEMO } from './entorno.ts';
import { ProcesoApi, sesionHttp } from './proceso.ts';

/**
 * The API process is killed with SIGKILL while a top-up is in flight at the provider, then
 * started again on the same database: the row must end decided, sent exactly once.
 */
let sim: ReturnType<typeof servidorSimulador>;
let datos: string;
let db: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let entornoServidor: NodeJS.ProcessEnv;
let servidor: ProcesoApi;
const PUERTO = 3900 + Math.floor(Math.random() * 90);
const api = `http://127.0.0.1:${PUERTO}`;

beforeAll(async () => {
  sim = servidorSimulador({ fallas: { latenciaMs: 1500 } });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  datos = mkdtempSync(join(tmpdir(), 'recargas-caida-'));
  db = await baseDeDatosNueva();
  entornoServidor = {
    ...process.env,
    PORT: String(PUERTO),
    HOST: '127.0.0.1',
    DATA_DIR: datos,
    DATABASE_URL: db.url ?? '',
    JWT_SECRET: 'secreto-de-la-prueba-de-caida-0123456789',
    DOS_PASOS_CLAVES: 'prueba:secreto-de-la-prueba-de-caida-0123456789',
    // A DATABASE_URL gets the demo users (the login below) only when asked.
    SEED_DEMO: '1',
    PROVIDER_SIM_URL: `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`,
    PROVIDER_TIMEOUT_MS: '10000',
    RECONCILIAR_TRAS: '2',
    BARRIDO_TRAS: '1',
    LOG_LEVEL: 'warn',
  };
  servidor = new ProcesoApi(api, entornoServidor);
}, 60_000);

afterAll(async () => {
  await servidor?.matar();
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
  await db?.borrar();
  rmSync(datos, { recursive: true, force: true });
});

describe('a server killed mid-top-up', () => {
  it('SIGKILL while the provider is answering, restart: the row ends exitosa, sent once', async () => {
    await servidor.arrancar();
    const headers = await sesionHttp(api, 'cliente', PASSWORD_DEMO);

    const enVuelo = fetch(`${api}/checkOut`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'caida-1' },
      body: JSON.stringify({ dn: '5511223344', compania: 'T' }),
    }).catch((e: Error) => e);
    await new Promise((ok) => setTimeout(ok, 500));
    await servidor.matar();
    expect(await enVuelo).toBeInstanceOf(Error);

    await servidor.arrancar();
    const movimientos = async () =>
      (
        (await (await fetch(`${api}/movimientos`, { headers })).json()) as {
          movimientos: { estatus: string; dn: string }[];
        }
      ).movimientos;
    const limite = Date.now() + 60_000;
    while (Date.now() < limite && (await movimientos())[0]?.estatus !== 'exitosa') {
      await new Promise((ok) => setTimeout(ok, 500));
    }
    const [m] = await movimientos();
    expect(m, JSON.stringify(m)).toMatchObject({ estatus: 'exitosa', dn: '5511223344' });

    // The retried submit after the crash is the same top-up: no second send.
    const repetida = await fetch(`${api}/checkOut`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': 'caida-1' },
      body: JSON.stringify({ dn: '5511223344', compania: 'T' }),
    });
    expect(repetida.status).toBe(200);
    const { recibidos } = await libroSimulador(entornoServidor.PROVIDER_SIM_URL as string);
    expect(Object.values(recibidos)).toEqual([1]);
  }, 180_000);
});
