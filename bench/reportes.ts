import { sql } from 'kysely';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import * as medir from './comun.ts';

/**
 * npm run bench:reports — BENCH_FILAS (default 1,000,000) top-ups over 2 years in company demo, among 10 companies
 * (the 8 other seeded companies and one more get 100,000 each), on real PostgreSQL. Median time
 * of the first 100 rows of GET /reportes for 93- and 400-day ranges, with and without a chip
 * filter, of the total a page with chips leaves to GET /reportes/total, of a later keyset page,
 * and of GET /graficas per period. The 400-day range needs a
 * wider company policy: that it costs about what 93 days cost is the point.
 */
const FILAS = medir.tamano('BENCH_FILAS', 1_000_000, 10_000);
const OTRAS = medir.tamano('BENCH_OTRAS', 100_000, 1_000);
const VECES = medir.tamano('BENCH_VECES', 30, 5);
const LIDERES = 20;

const base = await medir.baseNueva('reportes');
const { db, empresa: demo } = await medir.baseSembrada(base.url);
await sql`insert into empresas (codigo, nombre) values ('decima', 'Décima')`.execute(db);
await sql`insert into proveedores (empresa_id, numero, codigo, nombre)
  select id, 1, 'recargatodo', 'Recargatodo' from empresas where codigo = 'decima'`.execute(db);
await sql`insert into lideres (empresa_id, nombre)
  select ${demo}, 'Lider Bench ' || g from generate_series(1, ${LIDERES}) g`.execute(db);

/** `n` rows spread evenly over the last 730 days for one company, generated inside PostgreSQL. */
async function generar(empresaId: number, n: number) {
  await sql`insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto,
      tipo, tipo_recarga, estado, mensaje, folio, lider_id, dia, creada)
    select ${empresaId}, u.ids[1 + g % array_length(u.ids, 1)], 'b' || g, p.id, '',
      '55' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'),
      (array['T','M','U','A','V','B'])[1 + g % 6], (array[30,50,70,100,200])[1 + g % 5], 'todito', 1,
      case when g % 7 = 0 then 'fallida' else 'exitosa' end, 'Recarga exitosa', g::text,
      l.ids[1 + g % array_length(l.ids, 1)], (t at time zone 'America/Mexico_City')::date, t
    from generate_series(1, ${n}) g
    cross join lateral (select now() - (g::float / ${n}) * interval '730 days' as t) as tiempo
    cross join (select array_agg(id) ids from usuarios where empresa_id = ${empresaId}) u
    cross join (select coalesce(array_agg(id), array[null::int]) ids from lideres where empresa_id = ${empresaId}) l
    cross join (select min(id) id from proveedores where empresa_id = ${empresaId}) p`.execute(db);
}
const empresas = await db.selectFrom('empresas').select(['id', 'codigo']).execute();
const inicio = performance.now();
for (const e of empresas) await generar(e.id, e.id === demo ? FILAS : OTRAS);
// Steady state: autovacuum (PostgreSQL 13+ also after inserts) keeps the visibility map set, so a
// count is an index-only scan; a freshly bulk-loaded table would not be there yet.
await sql`vacuum analyze recargas`.execute(db);
const carga = (performance.now() - inicio) / 1000;
// 400 days is outside the default policy: this company is given a wider one.
await sql`update empresas set ajustes = ajustes || '{"politicaVentas": {"rangoMaxDias": 400, "antiguedadMaxDias": 800}}'
  where id = ${demo}`.execute(db);
await db.destroy();

const { api, hijo } = await medir.servidorApi(base.url);
const token = await medir.iniciarSesion(api, 'admin', PASSWORD_DEMO);

const hoy = new Date();
const partes = (diasAtras: number, sufijo: 'Ini' | 'Fin') => {
  const d = new Date(hoy.getTime() - diasAtras * 86_400_000);
  return `dia${sufijo}=${d.getDate()}&mes${sufijo}=${d.getMonth() + 1}&anio${sufijo}=${d.getFullYear()}`;
};
const rango = (dias: number) => `${partes(dias, 'Ini')}&${partes(0, 'Fin')}`;
const chips = `filtros=${encodeURIComponent(JSON.stringify({ compania: ['telcel', 'movistar'], dn: ['551'] }))}`;

async function pedir(ruta: string) {
  const r = await fetch(`${api}${ruta}`, { headers: { authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`${ruta}: ${r.status} ${await r.text()}`);
  return (await r.json()) as {
    reportes?: unknown[];
    total?: number;
    siguiente?: string | null;
    lideres?: unknown[];
  };
}

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

const despues = async (q: string) => (await pedir(`/reportes?${q}&limit=100`)).siguiente ?? '';
const numero = `filtros=${encodeURIComponent(JSON.stringify({ dn: ['5512345'] }))}`;
const casos = [
  await caso('400 days, first 100 rows', `/reportes?${rango(400)}&limit=100`),
  await caso('93 days, first 100 rows', `/reportes?${rango(93)}&limit=100`),
  await caso(
    '93 days + 2 chips (compañía OR, AND dn), first 100',
    `/reportes?${rango(93)}&${chips}&limit=100`,
  ),
  await caso('400 days + 2 chips, first 100', `/reportes?${rango(400)}&${chips}&limit=100`),
  await caso('93 days + a 7-digit number chip, first 100', `/reportes?${rango(93)}&${numero}&limit=100`),
  await caso('400 days + a 7-digit number chip, first 100', `/reportes?${rango(400)}&${numero}&limit=100`),
  await caso('total apart, 93 days + 2 chips', `/reportes/total?${rango(93)}&${chips}`),
  await caso('total apart, 400 days + 2 chips', `/reportes/total?${rango(400)}&${chips}`),
  await caso(
    '400 days, second page (keyset, no count)',
    `/reportes?${rango(400)}&limit=100&after=${await despues(rango(400))}`,
  ),
  await caso('charts, 400 days, anual', `/graficas?${rango(400)}&periodo=anual`),
  await caso('charts, 400 days, mensual', `/graficas?${rango(400)}&periodo=mensual`),
  await caso('charts, 400 days, semanal', `/graficas?${rango(400)}&periodo=semanal`),
  await caso('charts, 93 days, diario', `/graficas?${rango(93)}&periodo=diario`),
];
hijo.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 500));
// BENCH_CONSERVAR=1 keeps the database for EXPLAIN ANALYZE.
if (process.env.BENCH_CONSERVAR) console.log(`Base conservada: ${base.url}`);
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
