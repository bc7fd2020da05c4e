import { sql } from 'kysely';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { sesionHttp } from '../apps/server/test/proceso.ts';
import * as medir from './comun.ts';
import { crearFormacion } from './formacion.ts';
import { consultasReportes, generarRecargas, pedidor, resolver } from './reportes-consultas.ts';

/**
 * npm run bench:replica — issue 46, item 3: bench:reports' cases with and without a read replica
 * (DATABASE_URL_LECTURA), while top-ups keep the primary busy. On a pg_auto_failover formation
 * (bench/formacion.ts: a primary and its synchronous standby on this machine), BENCH_FILAS
 * top-ups (default 300,000) over 2 years in company demo; then one API on the primary alone, and
 * one reading reports from the standby, each timing every case BENCH_VECES times while
 * BENCH_CARGA clients (default 10) send top-ups through /checkOut. Prints per case the median
 * ms of both, the top-ups per second each run sustained, and the largest delay the replica
 * reported.
 */
const FILAS = medir.tamano('BENCH_FILAS', 300_000, 10_000);
const VECES = medir.tamano('BENCH_VECES', 10, 3);
const CARGA = medir.tamano('BENCH_CARGA', 10, 4);

const formacion = await crearFormacion([
  await medir.puertoLibre(),
  await medir.puertoLibre(),
  await medir.puertoLibre(),
]);
try {
  const [p1, p2] = formacion.puertos as [number, number];
  const admin = new (await import('pg')).default.Client({ host: '127.0.0.1', port: p1, user: 'postgres' });
  await admin.connect();
  await admin.query('create database recargas');
  await admin.end();
  const url = formacion.url('recargas');
  const { db, empresa: demo } = await medir.baseSembrada(url);
  const inicio = performance.now();
  await generarRecargas(db, demo, FILAS);
  await sql`vacuum analyze recargas`.execute(db);
  const carga = (performance.now() - inicio) / 1000;
  await sql`update empresas set ajustes = ajustes || '{"politicaVentas": {"rangoMaxDias": 400, "antiguedadMaxDias": 800}}'
    where id = ${demo}`.execute(db);
  // The generated rows count towards the day's limit of the demo users: the load's user has none.
  await sql`update usuarios set max_recargas = 1000000 where empresa_id = ${demo} and username = 'cliente'`.execute(
    db,
  );
  const version = (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db))
    .rows[0]?.v;
  await db.destroy();

  const correr = async (lectura: string | undefined) => {
    const puerto = await medir.puertoLibre();
    const api = `http://127.0.0.1:${puerto}`;
    const hijo = await medir.proceso('apps/server/src/main.ts', api, {
      ...medir.entornoServidor(url, undefined, puerto),
      DATABASE_URL_LECTURA: lectura,
    });
    try {
      const pedir = pedidor(api, await medir.iniciarSesion(api, 'admin', PASSWORD_DEMO));
      const cliente = await sesionHttp(api, 'cliente', PASSWORD_DEMO);
      let seguir = true;
      const errores: Record<string, number> = {};
      let hechas = 0;
      let n = 0;
      const recargar = async () => {
        while (seguir) {
          const i = n++;
          try {
            const r = await fetch(`${api}/checkOut`, {
              method: 'POST',
              headers: { ...cliente, 'idempotency-key': `r-${lectura ? 'b' : 'a'}-${i}` },
              body: JSON.stringify({ dn: `57${String(i).padStart(8, '0')}`, compania: 'T' }),
            });
            await r.arrayBuffer();
            if (r.ok) hechas++;
            else errores[r.status] = (errores[r.status] ?? 0) + 1;
          } catch (e) {
            const causa = String((e as { cause?: { code?: string } }).cause?.code ?? e);
            errores[causa] = (errores[causa] ?? 0) + 1;
          }
        }
      };
      const clientes = Array.from({ length: CARGA }, recargar);
      const t0 = performance.now();
      const casos: { nombre: string; p50: number; retraso: number }[] = [];
      for (const [nombre, ruta] of consultasReportes(pedir)) {
        const r = await resolver(ruta);
        let retraso = 0;
        const t = await medir.cronometrar(async () => {
          const x = (await pedir(r)) as { retrasoS?: number };
          retraso = Math.max(retraso, x.retrasoS ?? 0);
        }, VECES);
        casos.push({ nombre, p50: t.p50, retraso });
      }
      const porSegundo = hechas / ((performance.now() - t0) / 1000);
      seguir = false;
      await Promise.all(clientes);
      if (Object.keys(errores).length)
        console.log(
          `top-ups not taken (${lectura ? 'replica' : 'primary only'}): ${JSON.stringify(errores)}`,
        );
      return { casos, porSegundo };
    } finally {
      hijo.kill('SIGTERM');
      await new Promise((ok) => hijo.once('exit', ok));
    }
  };
  const sola = await correr(undefined);
  const conReplica = await correr(`postgres://postgres@127.0.0.1:${p2}/recargas`);
  console.log(
    `bench:replica — PostgreSQL ${version}, primary + synchronous standby on one machine (${medir.maquina()}); ` +
      `${FILAS.toLocaleString('en')} top-ups in demo generated in ${carga.toFixed(0)} s; ` +
      `${VECES} requests per case, sequential, while ${CARGA} clients send top-ups; median ms`,
  );
  console.log('| case | primary only | reports on the replica | largest delay reported (s) |');
  console.log('| --- | --- | --- | --- |');
  sola.casos.forEach((c, i) => {
    const r = conReplica.casos[i];
    console.log(`| ${c.nombre} | ${c.p50.toFixed(1)} | ${r?.p50.toFixed(1)} | ${r?.retraso} |`);
  });
  console.log(
    `| top-ups per second meanwhile | ${sola.porSegundo.toFixed(0)} | ${conReplica.porSegundo.toFixed(0)} | |`,
  );
} finally {
  await formacion.cerrar();
}
process.exit(0);
