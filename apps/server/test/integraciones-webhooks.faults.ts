import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb } from '../src/db/database.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { baseDeDatosNueva, baseParaCarga, PASSWORD_DEMO } from './entorno.ts';
import { esperar, firmaValida, receptor } from './integraciones-receptor.ts';
import { AJUSTES_DE_FALLAS, entornoDeProceso, ProcesoApi, puertoLibre, sesionHttp } from './proceso.ts';

/**
 * Issue 23: 1,000 /v1 top-ups through the HTTP simulator injecting timeouts, 5xx, dropped
 * connections and declines; halfway, the API process (which runs the job workers) is killed
 * with SIGKILL while a webhook delivery is in flight, and started again. Every top-up ends with
 * exactly one event id at the receiver, whose state is the row's final state; repeats of a
 * delivery are allowed (at least once), none missing.
 */
const TOTAL = Number(process.env.WEBHOOKS_FAULTS_TOTAL ?? 1000);
const CONCURRENCIA = 25;

let sim: ReturnType<typeof servidorSimulador>;
let base: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let datos: string;
let api: ProcesoApi;
let r: Awaited<ReturnType<typeof receptor>>;

beforeAll(async () => {
  sim = servidorSimulador({
    esperaTimeoutMs: 1500,
    fallas: {
      latenciaMs: 10,
      tasaTimeout: 0.1,
      tasa5xx: 0.1,
      tasaCaida: 0.05,
      tasaRechazo: 0.1,
      semilla: 23,
    },
  });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  r = await receptor();
  base = await baseDeDatosNueva();
  const db = await baseParaCarga(base.url);
  await db.destroy();
  datos = mkdtempSync(join(tmpdir(), 'recargas-webhooks-'));
  const puerto = await puertoLibre();
  api = new ProcesoApi(
    `http://127.0.0.1:${puerto}`,
    entornoDeProceso(
      { puerto, url: base.url, datos, secreto: 'secreto-de-la-suite-de-webhooks-0123456789' },
      {
        DATA_DIR: datos,
        PROVIDER_SIM_URL: `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`,
        ...AJUSTES_DE_FALLAS,
        API_LLAVE_POR_MINUTO: '10000000',
        WEBHOOKS_PERMITIR_HTTP: '1',
        WEBHOOKS_PERMITIR_PRIVADAS: '1',
        WEBHOOKS_REINTENTO_S: '1',
      },
    ),
  );
  await api.arrancar();
});
afterAll(async () => {
  await api?.matar();
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
  await r?.cerrar();
  await base?.borrar();
  if (datos) rmSync(datos, { recursive: true, force: true });
});

describe('faults: webhook events of API top-ups', () => {
  it(`${TOTAL} API top-ups with provider faults and a SIGKILL mid-delivery: one event id each, none missing`, async () => {
    const admin = await sesionHttp(api.url, 'admin', PASSWORD_DEMO);
    const pedir = async (ruta: string, cuerpo: object) => {
      const x = await fetch(`${api.url}${ruta}`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify(cuerpo),
      });
      if (!x.ok) throw new Error(`${ruta}: ${x.status} ${await x.text()}`);
      return x.json();
    };
    const usuarios = (await (
      await fetch(`${api.url}/api/usuarios?limit=100`, { headers: admin })
    ).json()) as {
      usuarios: { id: number; username: string }[];
    };
    const cliente = usuarios.usuarios.find((u) => u.username === 'cliente')?.id;
    const { llave } = (await pedir('/api/llaves', { nombre: 'fallas', usuario: cliente })) as {
      llave: string;
    };
    const { secreto } = (await pedir('/api/webhooks', { url: r.url })) as { secreto: string };

    const ids = new Map<number, string>();
    let siguiente = 0;
    let hechas = 0;
    let caida = false;
    const cliente_ = async () => {
      while (siguiente < TOTAL) {
        const i = siguiente++;
        const cuerpo = JSON.stringify({
          dn: `57${String(i).padStart(8, '0')}`,
          compania: 'T',
          referencia: `f-${i}`,
        });
        for (;;) {
          try {
            const x = await fetch(`${api.url}/v1/recargas`, {
              method: 'POST',
              body: cuerpo,
              headers: {
                'content-type': 'application/json',
                'x-api-key': llave,
                'idempotency-key': `f-${i}`,
              },
              signal: AbortSignal.timeout(15_000),
            });
            if ([200, 202, 422].includes(x.status)) {
              ids.set(i, String(((await x.json()) as { id: number }).id));
              break;
            }
          } catch {}
          if (api.murio) throw new Error(api.murio);
          await new Promise((ok) => setTimeout(ok, 300));
        }
        hechas++;
      }
    };
    // Halfway: the receiver holds its answers; once one is held, the API dies with it in flight.
    const saboteador = async () => {
      while (hechas < TOTAL / 2) await new Promise((ok) => setTimeout(ok, 50));
      let retenidas = 0;
      r.responder(() => {
        retenidas++;
        return { status: 200, esperaMs: caida ? 0 : 5000 };
      });
      await esperar(() => retenidas > 0, 60_000, 'una entrega en vuelo');
      await api.matar();
      caida = true;
      r.responder(() => ({ status: 200 }));
      await api.arrancar();
    };
    await Promise.all([saboteador(), ...Array.from({ length: CONCURRENCIA }, cliente_)]);
    expect(caida).toBe(true);

    const db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
    try {
      const finales = async () =>
        db.selectFrom('recargas').select(['id', 'estado']).where('idempotencia', 'like', 'v1:%').execute();
      // Every row decided (reconciliation) and every decided row's event at the receiver.
      await esperar(
        async () => {
          const filas = await finales();
          const llegados = new Set(r.recibidos.map((x) => String(x.evento.datos.id)));
          return (
            filas.length === TOTAL &&
            filas.every(
              (f) => (f.estado === 'exitosa' || f.estado === 'fallida') && llegados.has(String(f.id)),
            )
          );
        },
        400_000,
        'todas decididas y avisadas',
      );
      const filas = await finales();
      const porRecarga = new Map<string, Set<string>>();
      const estados = new Map<string, Set<string>>();
      for (const x of r.recibidos) {
        const id = String(x.evento.datos.id);
        porRecarga.set(id, (porRecarga.get(id) ?? new Set()).add(x.evento.id));
        estados.set(id, (estados.get(id) ?? new Set()).add(x.evento.datos.estado));
        expect(firmaValida(secreto, x.cuerpo, x.firma)).toBe(true);
      }
      const repetidas = r.recibidos.length - porRecarga.size;
      console.log(
        `webhooks faults: ${TOTAL} API top-ups (10% timeouts, 10% 5xx, 5% drops, 10% declines), SIGKILL mid-delivery; ` +
          `exitosas ${filas.filter((f) => f.estado === 'exitosa').length}, fallidas ${filas.filter((f) => f.estado === 'fallida').length}; ` +
          `POSTs received ${r.recibidos.length} (${repetidas} repeats)`,
      );
      expect(new Set(ids.values()).size).toBe(TOTAL);
      for (const f of filas) {
        expect(porRecarga.get(String(f.id))?.size, `recarga ${f.id}`).toBe(1);
        expect([...(estados.get(String(f.id)) ?? [])], `recarga ${f.id}`).toEqual([f.estado]);
      }
    } finally {
      await db.destroy();
    }
  });
});
