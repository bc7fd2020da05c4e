import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb } from '../src/db/database.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import {
  baseDeDatosNueva,
  baseParaCarga,
  libroSimulador,
  PASSWORD_DEMO,
  plataformaReloadly,
} from './entorno.ts';
import { AJUSTES_DE_FALLAS, entornoDeProceso, ProcesoApi, sesionHttp } from './proceso.ts';

/**
 * 2,000 top-ups through the HTTP simulator injecting latency, timeouts, 5xx, dropped connections
 * and declines, while the API process is killed with SIGKILL three times and restarted, and
 * PostgreSQL itself is restarted once (FAULTS_PG_RESTART=1, where pg_ctlcluster exists). The
 * client behaves like the browser: it keeps one Idempotency-Key per top-up and retries with it
 * until it gets an answer. Result: 0 double sends, 0 lost rows, every row terminal. Platform 1
 * runs on the Reloadly adapter against the simulator's Reloadly sandbox (FAULTS_RELOADLY=0: on
 * the simulator's own protocol).
 */
const TOTAL = Number(process.env.FAULTS_TOTAL ?? 2000);
const CONCURRENCIA = 25;
const REINICIAR_PG = process.env.FAULTS_PG_RESTART === '1' && existsSync('/etc/postgresql');
const RELOADLY = process.env.FAULTS_RELOADLY !== '0';

let sim: ReturnType<typeof servidorSimulador>;
let simUrl: string;
let base: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let datos: string;
let api: ProcesoApi;

beforeAll(async () => {
  sim = servidorSimulador({
    esperaTimeoutMs: 1500,
    fallas: {
      latenciaMs: 10,
      tasaTimeout: 0.2,
      tasa5xx: 0.1,
      tasaCaida: 0.05,
      tasaRechazo: 0.05,
      semilla: 7,
    },
  });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  base = await baseDeDatosNueva();
  const db = await baseParaCarga(base.url);
  if (RELOADLY) await plataformaReloadly(db);
  await db.destroy();
  datos = mkdtempSync(join(tmpdir(), 'recargas-fallas-'));
  const puerto = 4100 + Math.floor(Math.random() * 500);
  api = new ProcesoApi(
    `http://127.0.0.1:${puerto}`,
    entornoDeProceso(
      { puerto, url: base.url, datos, secreto: 'secreto-de-la-suite-de-fallas-0123456789' },
      {
        DATA_DIR: datos,
        PROVIDER_SIM_URL: simUrl,
        ...AJUSTES_DE_FALLAS,
        RELOADLY_PRUEBA_CLIENT_ID: 'cliente-fallas',
        RELOADLY_PRUEBA_CLIENT_SECRET: 'secreto-fallas',
        RELOADLY_PRUEBA_URL: `${simUrl}/reloadly`,
      },
    ),
  );
  await api.arrancar();
});
afterAll(async () => {
  await api?.matar();
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
  await base?.borrar();
  if (datos) rmSync(datos, { recursive: true, force: true });
});

function reiniciarPostgres() {
  const version = readdirSync('/etc/postgresql')[0];
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main restart`, { stdio: 'ignore' });
}

describe('faults: provider faults, three SIGKILLs of the API and a PostgreSQL restart', () => {
  it(`${TOTAL} top-ups: 0 double sends, 0 lost rows, every row terminal`, async () => {
    const cabeceras = await sesionHttp(api.url, 'cliente', PASSWORD_DEMO);
    const respuestas: Record<string, number> = {};
    const anota = (k: string) => {
      respuestas[k] = (respuestas[k] ?? 0) + 1;
    };
    let siguiente = 0;
    let hechas = 0;
    const cliente = async () => {
      while (siguiente < TOTAL) {
        const i = siguiente++;
        const cuerpo = JSON.stringify({ dn: `55${String(i).padStart(8, '0')}`, compania: 'T' });
        for (;;) {
          try {
            const r = await fetch(`${api.url}/checkOut`, {
              method: 'POST',
              body: cuerpo,
              headers: { ...cabeceras, 'idempotency-key': `fallas-${i}` },
              signal: AbortSignal.timeout(15_000),
            });
            anota(String(r.status));
            if ([200, 202, 422].includes(r.status)) break;
          } catch {
            anota('sin respuesta');
          }
          // The API is down or the database is restarting: retry the same top-up, same key.
          if (api.murio) throw new Error(api.murio);
          await new Promise((ok) => setTimeout(ok, 300));
        }
        hechas++;
      }
    };
    // The saboteur: SIGKILL at 25%, 50% and 75%, PostgreSQL restart at 60%.
    const golpes: string[] = [];
    const saboteador = async () => {
      const plan = [
        { en: 0.25, que: 'kill' },
        { en: 0.5, que: 'kill' },
        ...(REINICIAR_PG ? [{ en: 0.6, que: 'pg' }] : []),
        { en: 0.75, que: 'kill' },
      ];
      for (const paso of plan) {
        while (hechas < paso.en * TOTAL) await new Promise((ok) => setTimeout(ok, 50));
        if (paso.que === 'kill') {
          await api.matar();
          await new Promise((ok) => setTimeout(ok, 300));
          await api.arrancar();
        } else reiniciarPostgres();
        golpes.push(`${paso.que}@${hechas}`);
      }
    };
    const inicio = Date.now();
    await Promise.all([saboteador(), ...Array.from({ length: CONCURRENCIA }, cliente)]);
    const envio = Date.now() - inicio;

    const db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
    try {
      const abiertas = async () =>
        Number(
          (
            await sql<{
              n: string;
            }>`select count(*) as n from recargas where estado in ('pendiente', 'enviada')
            and idempotencia not like 'demo-%'`.execute(db)
          ).rows[0]?.n,
        );
      const limite = Date.now() + 180_000;
      while ((await abiertas()) > 0 && Date.now() < limite) await new Promise((ok) => setTimeout(ok, 500));
      const filas = (
        await sql<{
          id: string;
          estado: string;
          monto: number;
          idempotencia: string;
        }>`select id::text, estado,
          monto, idempotencia from recargas where idempotencia not like 'demo-%'`.execute(db)
      ).rows;
      const { cobrado, dobles } = await libroSimulador(simUrl);
      const exitosas = filas.filter((f) => f.estado === 'exitosa');

      console.log(
        `faults${RELOADLY ? ' (platform 1 on Reloadly)' : ''}: ${TOTAL} top-ups, ${CONCURRENCIA} at a time; injected: 20% timeouts, 10% 5xx, 5% drops, ` +
          `5% declines; ${golpes.join(', ')}; answers ${JSON.stringify(respuestas)}; send phase ${envio} ms, ` +
          `terminal ${Date.now() - inicio - envio} ms later; rows ${filas.length}, exitosas ${exitosas.length}, ` +
          `double sends ${dobles}, charged ${cobrado} = ours ${exitosas.reduce((t, f) => t + f.monto, 0)}`,
      );
      expect(golpes.filter((g) => g.startsWith('kill'))).toHaveLength(3);
      expect(respuestas['500'] ?? 0).toBe(0);
      // One row per top-up the client asked for: none lost, none doubled.
      expect(new Set(filas.map((f) => f.idempotencia)).size).toBe(TOTAL);
      expect(filas).toHaveLength(TOTAL);
      expect(filas.filter((f) => f.estado === 'pendiente' || f.estado === 'enviada')).toEqual([]);
      expect(dobles).toBe(0);
      expect(exitosas.reduce((t, f) => t + f.monto, 0)).toBe(cobrado);
      // A failed row the provider did receive was declined by it, never charged.
    } finally {
      await db.destroy();
    }
  });
});
