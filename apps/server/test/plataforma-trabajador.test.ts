import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDeDatosNueva } from './entorno.ts';
import { ProcesoApi } from './proceso.ts';

let trabajador: ProcesoApi;
let borrar: () => Promise<void>;
beforeAll(async () => {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const puerto = (s.address() as AddressInfo).port;
  s.close();
  const base = await baseDeDatosNueva();
  borrar = base.borrar;
  trabajador = new ProcesoApi(
    `http://127.0.0.1:${puerto}`,
    {
      ...process.env,
      ...(base.url ? { DATABASE_URL: base.url } : { DATA_DIR: 'memory://' }),
      JWT_SECRET: 'secreto-de-prueba-del-trabajador-0123456789',
      DOS_PASOS_CLAVES: 'prueba:secreto-de-prueba-del-trabajador-0123456789',
      WORKER_PORT: String(puerto),
      HOST: '127.0.0.1',
      METRICS_TOKEN: 'token-trabajador',
    },
    'src/worker.ts',
  );
  await trabajador.arrancar();
}, 120_000);
afterAll(async () => {
  await trabajador?.matar();
  await borrar?.();
});

describe('the worker (npm run worker) with WORKER_PORT', () => {
  it('answers /health and /ready, and /metrics with its token', async () => {
    const url = trabajador.url;
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ estado: 'ok' });
    expect(await (await fetch(`${url}/ready`)).json()).toEqual({ estado: 'ok' });
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const m = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer token-trabajador' } });
    expect(m.status).toBe(200);
    const texto = await m.text();
    expect(texto).toContain('cola_trabajos{cola="reconciliar-recarga"');
    expect(texto).toContain('process_resident_memory_bytes');
  });
});
