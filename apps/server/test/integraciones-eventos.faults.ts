import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb } from '../src/db/database.ts';
import { baseDeDatosNueva, baseParaCarga, PASSWORD_DEMO } from './entorno.ts';
import { esperar, receptor } from './integraciones-receptor.ts';
import { ProcesoApi, puertoLibre, sesionHttp } from './proceso.ts';

/**
 * Issue 23: the API process dies (SIGKILL, the crash point FALLA_PRUEBA=antes-de-entregar of
 * lib/fallas.ts) after answering a decided /v1 top-up, whose link wrote its event, and before
 * queueing the event's delivery, once for an exitosa and once for a fallida (the simulator's
 * balance spent). Started again without the fault, the minute sweep delivers each event: the
 * receiver gets exactly one event id per top-up, with the row's final state.
 */
let base: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let datos: string;
let r: Awaited<ReturnType<typeof receptor>>;
let api: ProcesoApi | undefined;
// A port the system gives: a random one could be a connection's own port (EADDRINUSE, a flake).
let puerto: number;
let url: string;

/** The API on the suite's database; `falla`: it dies after its first decided /v1 answer. */
async function arrancar(ajustes: Record<string, string>) {
  api = new ProcesoApi(url, {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(puerto),
    HOST: '127.0.0.1',
    DATA_DIR: datos,
    DATABASE_URL: base.url ?? '',
    JWT_SECRET: 'secreto-de-la-suite-de-eventos-0123456789',
    DOS_PASOS_CLAVES: 'prueba:secreto-de-la-suite-de-eventos-0123456789',
    RATE_LIMIT_MAX: '10000000',
    WEBHOOKS_PERMITIR_HTTP: '1',
    WEBHOOKS_PERMITIR_PRIVADAS: '1',
    WEBHOOKS_REINTENTO_S: '1',
    LOG_LEVEL: 'fatal',
    ...ajustes,
  });
  await api.arrancar();
}

beforeAll(async () => {
  puerto = await puertoLibre();
  url = `http://127.0.0.1:${puerto}`;
  r = await receptor();
  base = await baseDeDatosNueva();
  const db = await baseParaCarga(base.url);
  await db.destroy();
  datos = mkdtempSync(join(tmpdir(), 'recargas-eventos-'));
});
afterAll(async () => {
  await api?.matar();
  await r?.cerrar();
  await base?.borrar();
  if (datos) rmSync(datos, { recursive: true, force: true });
});

describe('faults: the API dies between a /v1 answer and its event', () => {
  it('exitosa and fallida: each event delivered by the sweep after the restart, one id each', async () => {
    await arrancar({ FALLA_PRUEBA: 'antes-de-entregar' });
    const admin = await sesionHttp(url, 'admin', PASSWORD_DEMO);
    const pedir = async (ruta: string, cuerpo: object) => {
      const x = await fetch(`${url}${ruta}`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify(cuerpo),
      });
      if (!x.ok) throw new Error(`${ruta}: ${x.status} ${await x.text()}`);
      return x.json();
    };
    const { usuarios } = (await (
      await fetch(`${url}/api/usuarios?limit=100`, { headers: admin })
    ).json()) as {
      usuarios: { id: number; username: string }[];
    };
    const cliente = usuarios.find((u) => u.username === 'cliente')?.id;
    const { llave } = (await pedir('/api/llaves', { nombre: 'caida', usuario: cliente })) as {
      llave: string;
    };
    await pedir('/api/webhooks', { url: r.url });

    const db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
    try {
      /** One top-up answered, then the process gone, with its event written and not delivered. */
      const recargarYCaer = async (i: number, estado: string) => {
        const x = await fetch(`${url}/v1/recargas`, {
          method: 'POST',
          body: JSON.stringify({
            dn: `56${String(i).padStart(8, '0')}`,
            compania: 'T',
            referencia: `c-${i}`,
          }),
          headers: { 'content-type': 'application/json', 'x-api-key': llave, 'idempotency-key': `c-${i}` },
        });
        const cuerpo = (await x.json()) as { id: number; estado: string };
        expect(cuerpo.estado).toBe(estado);
        await esperar(() => api?.murio !== undefined, 10_000, 'la caída tras la respuesta');
        const enlace = await db
          .selectFrom('recargas_api')
          .select('evento_id')
          .where('recarga_id', '=', cuerpo.id)
          .executeTakeFirstOrThrow();
        expect(enlace.evento_id).toBeNull();
        const evento = await db
          .selectFrom('eventos_webhook')
          .select('tipo')
          .where('recarga_id', '=', cuerpo.id)
          .executeTakeFirstOrThrow();
        expect(evento.tipo).toBe(`recarga.${estado}`);
        return cuerpo.id;
      };
      const exitosa = await recargarYCaer(1, 'exitosa');
      // The next process's simulator has no balance: its top-up is declined.
      await arrancar({ FALLA_PRUEBA: 'antes-de-entregar', SIMULADOR_SALDO: '1' });
      const fallida = await recargarYCaer(2, 'fallida');
      await arrancar({});

      const llegados = (id: number) => r.recibidos.filter((x) => x.evento.datos.id === id);
      await esperar(
        () => llegados(exitosa).length > 0 && llegados(fallida).length > 0,
        150_000,
        'los dos eventos tras el reinicio',
      );
      // A repeat of the key answers the same row and adds no event.
      const repetida = await fetch(`${url}/v1/recargas`, {
        method: 'POST',
        body: JSON.stringify({ dn: '5600000001', compania: 'T', referencia: 'c-1' }),
        headers: { 'content-type': 'application/json', 'x-api-key': llave, 'idempotency-key': 'c-1' },
      });
      expect(((await repetida.json()) as { id: number }).id).toBe(exitosa);
      await new Promise((ok) => setTimeout(ok, 3000));
      for (const [id, estado] of [
        [exitosa, 'exitosa'],
        [fallida, 'fallida'],
      ] as const) {
        expect(new Set(llegados(id).map((x) => x.evento.id)).size, `recarga ${id}`).toBe(1);
        expect(new Set(llegados(id).map((x) => x.evento.datos.estado))).toEqual(new Set([estado]));
        const eventos = await db
          .selectFrom('eventos_webhook')
          .select('id')
          .where('recarga_id', '=', id)
          .execute();
        expect(eventos).toHaveLength(1);
      }
    } finally {
      await db.destroy();
    }
  });
});
