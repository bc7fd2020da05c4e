import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { baseDeDatosNueva, PASSWORD_DEMO } from './entorno.ts';
import { entornoDeProceso, ProcesoApi, puertoLibre, sesionHttp } from './proceso.ts';

/**
 * Issue 39: a request's id is its X-Request-Id when sane, else a UUID (they restarted at req-1
 * in every process); it is answered in the header, and the API's log lines and those of the
 * jobs the request started carry it. The API runs as its own process with its workers (as
 * `npm start`), its log read from stdout; every send to the provider times out, so the top-up is
 * left to the reconciliation job.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let api: ProcesoApi;
let sim: ReturnType<typeof servidorSimulador>;
let borrar: () => Promise<void>;
let datos: string;

beforeAll(async () => {
  sim = servidorSimulador({ esperaTimeoutMs: 800, fallas: { tasaTimeout: 1 } });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  const base = await baseDeDatosNueva();
  borrar = base.borrar;
  datos = mkdtempSync(join(tmpdir(), 'recargas-solicitud-'));
  const puerto = await puertoLibre();
  const secreto = 'secreto-de-la-prueba-de-solicitudes-0123456789';
  api = new ProcesoApi(
    `http://127.0.0.1:${puerto}`,
    entornoDeProceso(
      { puerto, url: base.url, datos, secreto },
      {
        SEED_DEMO: '1',
        PROVIDER_SIM_URL: `http://127.0.0.1:${(sim.server.address() as { port: number }).port}`,
        PROVIDER_TIMEOUT_MS: '300',
        RECONCILIAR_TRAS: '1',
        LOG_LEVEL: 'info',
      },
    ),
  );
  await api.arrancar();
}, 120_000);
afterAll(async () => {
  await api?.matar();
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
  await borrar?.();
  if (datos) rmSync(datos, { recursive: true, force: true });
});

const lineas = () =>
  api.salida
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request ids', () => {
  it('a UUID per request when none is given, answered in X-Request-Id', async () => {
    const a = (await fetch(`${api.url}/health`)).headers.get('x-request-id') ?? '';
    const b = (await fetch(`${api.url}/no-existe`)).headers.get('x-request-id') ?? '';
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it.each([
    ['over 128 characters', 'x'.repeat(129)],
    ['spaces', 'dos palabras'],
    ['quotes (a forged log field)', 'a","nivel":"root'],
  ])('an X-Request-Id with %s is replaced by a UUID', async (_, dado) => {
    const r = await fetch(`${api.url}/health`, { headers: { 'x-request-id': dado } });
    expect(r.headers.get('x-request-id')).toMatch(UUID);
  });

  it("the caller's id is answered, logged by the API and by the worker for the job it started", async () => {
    const id = 'caja-7.ticket:1234';
    const cabeceras = await sesionHttp(api.url, 'admin', PASSWORD_DEMO);
    const r = await fetch(`${api.url}/checkOut`, {
      method: 'POST',
      body: JSON.stringify({ dn: '5512345678', compania: 'T', monto: 50 }),
      headers: { ...cabeceras, 'idempotency-key': 'solicitud-1', 'x-request-id': id },
    });
    expect(r.headers.get('x-request-id')).toBe(id);
    // The send timed out: the answer says pending, and the job decides it.
    expect(r.status, await r.clone().text()).toBe(202);
    const recarga = ((await r.json()) as { id: number }).id;
    expect(lineas().some((l) => l.reqId === id && (l.req as { url?: string })?.url === '/checkOut')).toBe(
      true,
    );
    const limite = Date.now() + 30_000;
    let delTrabajo: Record<string, unknown> | undefined;
    while (!delTrabajo && Date.now() < limite) {
      await new Promise((ok) => setTimeout(ok, 300));
      delTrabajo = lineas().find((l) => l.msg === 'Recarga reconciliada' && l.recarga === recarga);
    }
    expect(delTrabajo?.solicitud).toBe(id);
  }, 60_000);
});
