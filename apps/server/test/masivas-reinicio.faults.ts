import type { AddressInfo } from 'node:net';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirDb, type Db } from '../src/db/database.ts';
import { migrar } from '../src/db/migrate.ts';
import { sembrar } from '../src/db/seed/index.ts';
import { iniciarColas } from '../src/jobs/colas.ts';
import { crearBitacora } from '../src/lib/bitacora.ts';
import { servidorSimulador } from '../src/providers/servidor-simulador.ts';
import { baseDeDatosNueva, libroSimulador } from './entorno.ts';
import { ProcesoApi } from './proceso.ts';
import { bloqueProgramado } from './programada.ts';

/**
 * A scheduled block (vcell) run by two worker processes (`npm run worker`) on one PostgreSQL:
 * one is killed with SIGKILL mid-window, then the other, so for a while no worker is alive;
 * both are started again. Every line must be sent once, never before its time, and the lines
 * that fell due while nobody worked run after the restart.
 */
const LINEAS = 40;

let sim: ReturnType<typeof servidorSimulador>;
let base: Awaited<ReturnType<typeof baseDeDatosNueva>>;
let db: Db;
let boss: PgBoss;
let trabajadores: ProcesoApi[] = [];

const esperar = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

beforeAll(async () => {
  sim = servidorSimulador({ fallas: { latenciaMs: 20, semilla: 3 } });
  await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
  const simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
  base = await baseDeDatosNueva();
  db = await abrirDb({ databaseUrl: base.url, dataDir: 'memory://' });
  await migrar(db);
  await sembrar(db);
  boss = await iniciarColas(db, { trabajador: false, log: crearBitacora({ logLevel: 'warn' }) });
  const env = {
    ...process.env,
    DATABASE_URL: base.url ?? '',
    JWT_SECRET: 'secreto-de-la-suite-de-fallas-0123456789',
    DOS_PASOS_CLAVES: 'prueba:secreto-de-la-suite-de-fallas-0123456789',
    PROVIDER_SIM_URL: simUrl,
    PROVIDER_TIMEOUT_MS: '2000',
    RECONCILIAR_TRAS: '1',
    // A worker says it is ready in an info line of its log (proceso.ts waits for it).
    LOG_LEVEL: 'info',
  };
  trabajadores = [0, 1].map(() => new ProcesoApi('', env, 'src/worker.ts'));
  await Promise.all(trabajadores.map((t) => t.arrancar()));
}, 180_000);
afterAll(async () => {
  await Promise.all(trabajadores.map((t) => t.matar()));
  await boss?.stop({ graceful: false, wait: true });
  await db?.destroy();
  sim?.server.closeAllConnections();
  await new Promise((ok) => sim?.server.close(ok));
  await base?.borrar();
});

describe('scheduled block, two worker processes, both killed mid-window', () => {
  it(`${LINEAS} lines: each sent once, none early, the missed ones after the restart`, async () => {
    const { fin, filas } = await bloqueProgramado({ db, boss }, LINEAS);
    const hechas = async () => (await filas()).filter((x) => x.estado === 'exitosa').length;
    const hasta = async (n: number, limite: number) => {
      while ((await hechas()) < n) {
        if (Date.now() > limite) throw new Error(`solo ${await hechas()} de ${n} líneas a tiempo`);
        for (const t of trabajadores) if (t.murio) throw new Error(t.murio);
        await esperar(300);
      }
    };

    const [a, b] = trabajadores as [ProcesoApi, ProcesoApi];
    await hasta(LINEAS / 4, fin.getTime());
    await a.matar();
    await hasta(LINEAS / 2, fin.getTime());
    await b.matar();
    // Nobody works for 10 s: the lines that fall due meanwhile wait in the database.
    await esperar(10_000);
    const reinicio = new Date();
    await Promise.all([a.arrancar(), b.arrancar()]);
    // A job a killed worker held comes back when it expires (60 s) and maintenance sees it (15 s).
    await hasta(LINEAS, fin.getTime() + 150_000);

    const final = await filas();
    expect(final).toHaveLength(LINEAS);
    const { recibidos, cobrado } = await libroSimulador(
      `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`,
    );
    for (const x of final) {
      expect(x.estado).toBe('exitosa');
      // Sent once, and not before its time (the database clock and ours may differ by a little).
      expect(recibidos[String(x.recarga)]).toBe(1);
      expect((x.enviada as Date).getTime()).toBeGreaterThanOrEqual(
        (x.programada_para as Date).getTime() - 1000,
      );
    }
    expect(Object.keys(recibidos)).toHaveLength(LINEAS);
    expect(cobrado).toBe(LINEAS * 50);
    const trasReinicio = final.filter(
      (x) => (x.programada_para as Date).getTime() < reinicio.getTime() && (x.enviada as Date) >= reinicio,
    );
    // The lines due while no worker was alive ran once the workers were back.
    expect(trasReinicio.length).toBeGreaterThan(0);
    console.log(
      `scheduled block: ${LINEAS} lines, two worker processes killed mid-window; ` +
        `${trasReinicio.length} lines ran after the restart; double sends 0`,
    );
  }, 600_000);
});
