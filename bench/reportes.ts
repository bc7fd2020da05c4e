import { sql } from 'kysely';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import * as medir from './comun.ts';
import { consultasReportes, generarRecargas, pedidor, resolver } from './reportes-consultas.ts';

/**
 * npm run bench:reports — BENCH_FILAS (default 1,000,000) top-ups over 2 years in company demo, among 10 companies
 * (the 8 other seeded companies and one more get 100,000 each), on real PostgreSQL. Median time
 * of the first 100 rows of GET /reportes for 93- and 400-day ranges, with and without a chip
 * filter, of the total a page with chips leaves to GET /reportes/total, of a later keyset page,
 * and of GET /graficas per period. The 400-day range needs a
 * wider company policy: that it costs about what 93 days cost is the point. BENCH_BASE=<name>
 * keeps the database (comun.ts, baseGuardada) for bench/escala.ts.
 */
const FILAS = medir.tamano('BENCH_FILAS', 1_000_000, 10_000);
const OTRAS = medir.tamano('BENCH_OTRAS', 100_000, 1_000);
const VECES = medir.tamano('BENCH_VECES', 30, 5);
const LIDERES = 20;

const base = process.env.BENCH_BASE
  ? await medir.baseGuardada(process.env.BENCH_BASE)
  : { ...(await medir.baseNueva('reportes')), nueva: true };
const { db, empresa: demo } = await medir.baseSembrada(base.url);
if (base.nueva) {
  await sql`insert into empresas (codigo, nombre) values ('decima', 'Décima')`.execute(db);
  await sql`insert into proveedores (empresa_id, numero, codigo, nombre)
    select id, 1, 'recargatodo', 'Recargatodo' from empresas where codigo = 'decima'`.execute(db);
  await sql`insert into lideres (empresa_id, nombre)
    select ${demo}, 'Lider Bench ' || g from generate_series(1, ${LIDERES}) g`.execute(db);
}

const empresas = await db.selectFrom('empresas').select(['id', 'codigo']).execute();
const inicio = performance.now();
if (base.nueva) {
  for (const e of empresas) await generarRecargas(db, e.id, e.id === demo ? FILAS : OTRAS);
  // Steady state: autovacuum (PostgreSQL 13+ also after inserts) keeps the visibility map set, so a
  // count is an index-only scan; a freshly bulk-loaded table would not be there yet.
  await sql`vacuum analyze recargas`.execute(db);
}
const carga = (performance.now() - inicio) / 1000;
// 400 days is outside the default policy: this company is given a wider one.
await sql`update empresas set ajustes = ajustes || '{"politicaVentas": {"rangoMaxDias": 400, "antiguedadMaxDias": 800}}'
  where id = ${demo}`.execute(db);
await db.destroy();

const { api, hijo } = await medir.servidorApi(base.url);
const token = await medir.iniciarSesion(api, 'admin', PASSWORD_DEMO);

const pedir = pedidor(api, token);

async function caso(nombre: string, ruta: string) {
  // The first request of a range may sum its days (ventas_dia): reported on its own.
  const inicio = performance.now();
  const muestra = await pedir(ruta);
  const primera = performance.now() - inicio;
  const t = await medir.cronometrar(() => pedir(ruta), VECES);
  return {
    nombre,
    primera,
    filas: muestra.reportes?.length ?? muestra.lideres?.length ?? 0,
    total: muestra.total,
    ...t,
  };
}

const casos = [];
for (const [nombre, ruta] of consultasReportes(pedir)) casos.push(await caso(nombre, await resolver(ruta)));
hijo.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
// BENCH_CONSERVAR=1 keeps the database for EXPLAIN ANALYZE.
if (process.env.BENCH_CONSERVAR || process.env.BENCH_BASE) console.log(`Base conservada: ${base.url}`);
else await base.borrar();

const cifras = casos.flatMap((c) => medir.cifrasDeTiempo(c.nombre, c));
medir.guardarResultados('reportes', {
  bench: 'bench:reports',
  base: `PostgreSQL ${base.version}`,
  condiciones:
    `${FILAS.toLocaleString('en')} top-ups over 730 days in company demo (${LIDERES} leaders) and ` +
    `${OTRAS.toLocaleString('en')} in each of ${empresas.length - 1} other companies, generated in ` +
    `${carga.toFixed(0)} s; ${VECES} sequential requests per case over HTTP after 5 warm-up ones; times in ms. ` +
    'The first page without chips also counts the rows of the range (the total, from day totals); ' +
    'with chips it comes without it, and the screen asks GET /reportes/total beside it (its days that can no ' +
    'longer change counted once per chips, ventas_chips_dia). ' +
    'The first request of a case is ' +
    'timed apart: the first one to reach a day sums it into ventas_dia (400 days at once, for the 400-day cases).',
  tablas: [
    '| case | rows | total | first request ms | median ms | p95 ms |',
    '| --- | --- | --- | --- | --- | --- |',
    ...casos.map(
      (c) =>
        `| ${c.nombre} | ${c.filas} | ${c.total ?? '–'} | ${c.primera.toFixed(0)} | ${c.p50.toFixed(1)} | ${c.p95.toFixed(1)} |`,
    ),
    ...medir.comparacionDeEscala('reportes', FILAS, cifras),
  ],
  cifras,
});
process.exit(0);
