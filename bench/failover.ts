import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { iniciarColas } from '../apps/server/src/jobs/colas.ts';
import { crearBitacora } from '../apps/server/src/lib/bitacora.ts';
import { servidorSimulador } from '../apps/server/src/providers/servidor-simulador.ts';
import { baseParaCarga, libroSimulador } from '../apps/server/test/entorno.ts';
import { sesionHttp } from '../apps/server/test/proceso.ts';
import { bloqueProgramado } from '../apps/server/test/programada.ts';
import * as medir from './comun.ts';
import { crearFormacion } from './formacion.ts';
import { CargaEnTurno, compilado, dormir, dosYDos, entornoCluster, type Proceso } from './procesos.ts';

/**
 * npm run test:failover — issue 46: the database loses its primary mid-run. A pg_auto_failover
 * formation (bench/formacion.ts: a monitor, a primary and a synchronous standby on local ports),
 * two APIs and two workers on its multi-host URL (db/primaria.ts finds the primary), FAILOVER_RECARGAS
 * top-ups (default 2,000) round-robin with Idempotency-Keys, a bulk block started just before the
 * blow; at 40 % node 1's machine is lost (keeper, postmaster and backends killed with SIGKILL) and
 * the standby is promoted. Then: top-ups accepted, rows on the new primary, double sends against
 * the provider's ledger, accepted top-ups lost, and the seconds without writes. Exits 1 when a
 * goal fails (0 lost, 0 double, writes back within 30 s).
 */
const TOTAL = medir.tamano('FAILOVER_RECARGAS', 2000, 300);
const CONCURRENCIA = 20;
const SIN_ESCRITURAS_MAX_S = 30;
const LINEAS_PROGRAMADAS = 40;

const fallas: string[] = [];
// A run that hangs says so and fails, with the formation's folder kept for its logs.
setTimeout(() => {
  console.error('test:failover: sin terminar en 12 minutos');
  process.exit(1);
}, 12 * 60_000).unref();
const comprobar = (ok: boolean, que: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${que}`);
  if (!ok) fallas.push(que);
};

const formacion = await crearFormacion([
  await medir.puertoLibre(),
  await medir.puertoLibre(),
  await medir.puertoLibre(),
]);
const sim = servidorSimulador({ fallas: { tasaTimeout: 0.05, latenciaMs: 20, semilla: 46 } });
await new Promise<void>((ok) => sim.server.listen(0, '127.0.0.1', ok));
const simUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
const procesos: Proceso[] = [];

try {
  const c = new pg.Client({
    host: '127.0.0.1',
    port: formacion.puertos[0],
    user: 'postgres',
    database: 'postgres',
  });
  await c.connect();
  await c.query('create database recargas');
  await c.end();
  const url = formacion.url('recargas');
  const db = await baseParaCarga(url);
  const comun: NodeJS.ProcessEnv = {
    ...entornoCluster(url, simUrl, 'failover'),
    RATE_LIMIT_MAX: '100000',
  };

  procesos.push(...(await dosYDos(comun)));
  await Promise.all(procesos.map((p) => p.arrancar()));
  const apis = procesos.slice(0, 2);
  const api1 = apis[0] as Proceso;
  const version = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db))
    .rows[0]?.v;
  console.log(
    `failover: pg_auto_failover, monitor + 2 PostgreSQL ${version} nodes (synchronous), 2 APIs + 2 workers (${compilado ? 'node dist/' : 'tsx'}); ${TOTAL} top-ups, ${CONCURRENCIA} at a time`,
  );

  // A scheduled block whose window (45 to 105 s) spans the loss of the primary.
  const boss = await iniciarColas(db, { trabajador: false, log: crearBitacora({ logLevel: 'warn' }) });
  // The block lines of this run (the scheduled ones may start at once): written from here on.
  const desdeBloques = new Date();
  const programada = await bloqueProgramado({ db, boss }, LINEAS_PROGRAMADAS, '59');
  await boss.stop({ graceful: false, wait: true });
  const cliente = await sesionHttp(apis[0]?.url ?? '', 'cliente', PASSWORD_DEMO);
  const admin = await sesionHttp(apis[0]?.url ?? '', 'admin', PASSWORD_DEMO);
  const aceptadas = new Set<string>();
  /** When each top-up was accepted (ms): the longest gap is the time without writes. */
  const horas: number[] = [];
  const carga = new CargaEnTurno({
    apis,
    total: TOTAL,
    sesion: cliente,
    prefijoDn: '56',
    clave: 'fo',
    red: '10.4',
    alDecidir: (clave) => {
      aceptadas.add(clave);
      horas.push(Date.now());
    },
  });
  const { respuestas } = carga;

  // The blow: a bulk block started, then node 1's machine lost once 40 % are done.
  let perdida = 0;
  let perdido = 0;
  let promovida = 0;
  let bloque: number | undefined;
  const saboteador = async () => {
    while (carga.hechas < 0.35 * TOTAL) await dormir(50);
    const bloques = await fetch(`${apis[1]?.url}/api/bloqueRecargasMasivas`, { headers: admin });
    bloque = ((await bloques.json()) as { bloques: { fechaNumerica: number }[] }).bloques[0]?.fechaNumerica;
    const rb = await fetch(`${apis[1]?.url}/api/recargarBloque`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ fecha: bloque }),
    });
    if (rb.status !== 200) throw new Error(`recargarBloque: ${rb.status} ${await rb.text()}`);
    while (carga.hechas < 0.4 * TOTAL) await dormir(50);
    perdido = await formacion.primaria();
    perdida = Date.now();
    formacion.perder(perdido);
    await formacion.esperar(perdido === 1 ? 2 : 1, ['wait_primary', 'primary'], 120_000);
    promovida = Date.now();
    // An API started after the failover: its start-up migrations take their lock on the new primary.
    await api1.matar();
    await api1.arrancar();
  };
  const t0 = Date.now();
  await Promise.all([saboteador(), carga.correr(CONCURRENCIA)]);
  const envio = (Date.now() - t0) / 1000;

  const abiertas = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from recargas
        where estado in ('pendiente', 'enviada') and (idempotencia like 'u:%:fo-%' or idempotencia like 'b:%')`.execute(
        db,
      )
    ).rows[0]?.n ?? 0;
  const limite = Math.max(Date.now(), programada.fin.getTime()) + 150_000;
  const lineasHechas = async () => (await programada.filas()).filter((x) => x.estado === 'exitosa').length;
  while (((await abiertas()) > 0 || (await lineasHechas()) < LINEAS_PROGRAMADAS) && Date.now() < limite)
    await dormir(1000);
  const filas = (
    await sql<{
      idempotencia: string;
      estado: string;
      monto: number;
      creada: Date;
    }>`select idempotencia, estado,
      monto, creada from recargas where idempotencia like 'u:%:fo-%'`.execute(db)
  ).rows;
  const claves = new Set(filas.map((f) => f.idempotencia.replace(/^u:\d+:/, '')));
  const perdidas = [...aceptadas].filter((k) => !claves.has(k)).length;
  horas.sort((a, b) => a - b);
  const huecos = horas.slice(1).map((h, i) => [h - (horas[i] as number), horas[i] as number] as const);
  const [hueco, desde] = huecos.reduce((m, x) => (x[0] > m[0] ? x : m), [0, 0] as const);
  const sinEscrituras = hueco / 1000;
  const { dobles, cobrado, recibidos } = await libroSimulador(simUrl);
  const lineas = await programada.filas();
  const t = (d: Date | null) => d?.getTime() ?? 0;
  const enVentana = lineas.filter((x) => x.estado === 'exitosa' && recibidos[String(x.recarga)] === 1);
  const antesDeTiempo = lineas.filter((x) => t(x.enviada) < t(x.programada_para) - 1000).length;
  const enCaida = lineas.filter(
    (x) => t(x.programada_para) >= perdida && t(x.programada_para) <= promovida,
  ).length;
  const exitosas = await sql<{ total: number; bloque: number }>`select coalesce(sum(monto), 0)::int as total,
    count(*) filter (where idempotencia like 'b:%')::int as bloque from recargas where estado = 'exitosa'
    and (idempotencia like 'u:%:fo-%' or (idempotencia like 'b:%' and creada >= ${desdeBloques}))`.execute(
    db,
  );
  const porEstado: Record<string, number> = {};
  for (const f of filas) porEstado[f.estado] = (porEstado[f.estado] ?? 0) + 1;
  const nueva = await formacion.primaria();
  console.log(`monitor: ${await formacion.estados()}`);
  console.log(
    `answers ${JSON.stringify(respuestas)}; sent in ${envio.toFixed(0)} s; node 1 lost after ${Math.round((perdida - t0) / 1000)} s, ` +
      `node ${nueva} promoted ${((promovida - perdida) / 1000).toFixed(1)} s later (monitor); rows ${JSON.stringify(porEstado)}; ` +
      `block ${bloque} lines recharged ${exitosas.rows[0]?.bloque}`,
  );
  console.log(
    `top-ups accepted ${aceptadas.size}; rows on the new primary ${filas.length}; double sends ${dobles}; ` +
      `lost accepted ${perdidas}; seconds without writes ${sinEscrituras.toFixed(1)} (from ${((desde - perdida) / 1000).toFixed(1)} s after the loss); ` +
      `charged ${cobrado} = ours ${exitosas.rows[0]?.total}`,
  );
  comprobar(nueva !== 0 && nueva !== perdido, `the standby took over: node ${nueva}`);
  comprobar((respuestas['500'] ?? 0) === 0, 'no 500 (a 503 while no node is the primary)');
  comprobar(perdidas === 0, `0 accepted top-ups lost (${aceptadas.size} accepted)`);
  comprobar(dobles === 0, '0 double sends (the provider ledger)');
  comprobar(
    sinEscrituras <= SIN_ESCRITURAS_MAX_S,
    `writes back within ${SIN_ESCRITURAS_MAX_S} s: ${sinEscrituras.toFixed(1)} s`,
  );
  comprobar((await abiertas()) === 0, 'every top-up and block line terminal after reconciliation');
  comprobar(cobrado === exitosas.rows[0]?.total, 'charged by the provider = our successful rows');
  if (cobrado !== exitosas.rows[0]?.total) {
    // Which of our ids reached the provider but are not successful here (or have no row at all).
    const enviadas = Object.keys(recibidos).map(Number);
    const nuestras = await sql<{
      id: number;
      idempotencia: string;
      estado: string;
      mensaje: string | null;
    }>`select id,
      idempotencia, estado, mensaje from recargas where id = any(${enviadas}::bigint[]) and estado <> 'exitosa'`.execute(
      db,
    );
    const conFila = new Set(
      (
        await sql<{ id: number }>`select id from recargas where id = any(${enviadas}::bigint[])`.execute(db)
      ).rows.map((r) => Number(r.id)),
    );
    console.log(
      `sent but not exitosa: ${JSON.stringify(nuestras.rows)}; sent without a row: ${JSON.stringify(enviadas.filter((i) => !conFila.has(i)))}`,
    );
  }
  comprobar(
    enVentana.length === LINEAS_PROGRAMADAS && antesDeTiempo === 0 && enCaida > 0,
    `scheduled window across the failover: ${enVentana.length} of ${LINEAS_PROGRAMADAS} lines sent once, ` +
      `${antesDeTiempo} early, ${enCaida} due while no node was primary`,
  );
  comprobar(api1.muertes === 1, 'an API restarted after the failover migrated and served');
  await db.destroy();
} catch (e) {
  console.error(e instanceof Error ? e.stack : e);
  fallas.push('error');
} finally {
  await Promise.all(procesos.map((p) => p.matar()));
  sim.server.closeAllConnections();
  await new Promise((ok) => sim.server.close(ok));
  await formacion.cerrar();
}
console.log(
  fallas.length ? `test:failover: ${fallas.length} check(s) failed` : 'test:failover: every check holds',
);
process.exit(fallas.length ? 1 : 0);
