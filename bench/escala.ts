import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { PASSWORD_DEMO } from '../apps/server/src/db/seed/index.ts';
import { baseGuardada, baseSembrada, guardarResultados, iniciarSesion, servidorApi } from './comun.ts';
import { consultasLineas, entrarDemo, mediana, medirPagina } from './lineas-consultas.ts';
import { consultasReportes, medirRuta, pedidor, resolver } from './reportes-consultas.ts';

/**
 * npx tsx bench/escala.ts — a bench's requests at two sizes under the same load: two kept
 * databases (BENCH_BASE of two runs of the bench, BENCH_BASE_1M and BENCH_BASE_10M), one API
 * each, every request asked of one then the other, BENCH_VECES (21) times; the medians and their
 * ratio. BENCH_ESCALA=lineas (default: bench:lines's pages, first with its count and keyset) or
 * reportes (bench:reports's pages, totals and charts). Two runs of a bench an hour apart on the
 * shared machine differed by the load, which moved several-fold in that hour, as much as by size.
 */
const VECES = Number(process.env.BENCH_VECES ?? 21);
const ESCALA = process.env.BENCH_ESCALA === 'reportes' ? 'reportes' : 'lineas';
const nombres = [process.env.BENCH_BASE_1M ?? 'bench_1m', process.env.BENCH_BASE_10M ?? 'bench_10m'];

/** One request of a case against one API: ms per measure (a lines page: its first and keyset). */
type Caso = (api: string) => Promise<Record<string, number>>;

/** The bench's cases, each asked of every API; `api` is only known once they are up. */
async function casos(apis: string[]): Promise<[string, Caso][]> {
  if (ESCALA === 'lineas') {
    const cabeceras = new Map(await Promise.all(apis.map(async (a) => [a, await entrarDemo(a)] as const)));
    return consultasLineas().map(([nombre, q]) => [
      nombre,
      async (api) => {
        const m = await medirPagina(api, cabeceras.get(api) ?? {}, q);
        const r: Record<string, number> = { 'first page with its count': m.primera };
        if (m.siguiente !== undefined) r['keyset page'] = m.siguiente;
        return r;
      },
    ]);
  }
  // Per API: its requester and every case's path (a keyset cursor is that database's own).
  const porApi = new Map(
    await Promise.all(
      apis.map(async (a) => {
        const pedir = pedidor(a, await iniciarSesion(a, 'admin', PASSWORD_DEMO));
        const rutas = await Promise.all(consultasReportes(pedir).map(([, r]) => resolver(r)));
        return [a, { pedir, rutas }] as const;
      }),
    ),
  );
  return consultasReportes(pedidor('', '')).map(([nombre], i) => [
    nombre,
    async (api) => {
      const { pedir, rutas } = porApi.get(api) ?? { pedir: pedidor(api, ''), rutas: [] };
      return { '': await medirRuta(pedir, rutas[i] ?? '') };
    },
  ]);
}

const servidores: ChildProcess[] = [];
try {
  const apis: { api: string; filas: number }[] = [];
  for (const nombre of nombres) {
    const base = await baseGuardada(nombre);
    if (base.nueva) {
      const bench = ESCALA === 'lineas' ? 'lines' : 'reports';
      throw new Error(`${nombre}: no existe; créela antes con BENCH_BASE=${nombre} npm run bench:${bench}`);
    }
    const { db, empresa } = await baseSembrada(base.url);
    const { n } = await db
      .selectFrom(ESCALA === 'lineas' ? 'lineas' : 'recargas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('empresa_id', '=', empresa)
      .executeTakeFirstOrThrow();
    await db.destroy();
    const { api, hijo } = await servidorApi(base.url);
    servidores.push(hijo);
    apis.push({ api, filas: n });
  }
  const carga = loadavg()[0] as number;
  const filas: string[] = [];
  const cifras = [];
  for (const [nombre, caso] of await casos(apis.map((a) => a.api))) {
    const t = apis.map(() => new Map<string, number[]>());
    for (let i = 0; i < VECES + 2; i++) {
      for (const [j, a] of apis.entries()) {
        const m = await caso(a.api);
        if (i < 2) continue; // warm-up
        for (const [medida, ms] of Object.entries(m)) t[j]?.set(medida, [...(t[j]?.get(medida) ?? []), ms]);
      }
    }
    for (const [medida, a] of t[0] ?? []) {
      const b = t[1]?.get(medida);
      if (!b?.length) continue;
      const [ma, mb] = [mediana(a), mediana(b)];
      const c = medida ? `${nombre}, ${medida}` : nombre;
      filas.push(`| ${c} | ${ma.toFixed(1)} | ${mb.toFixed(1)} | ${(mb / ma).toFixed(2)} |`);
      cifras.push({ caso: c, medida: 'median ratio', valor: mb / ma, unidad: '' });
    }
  }
  const [p, g] = apis.map((a) => a.filas.toLocaleString('en'));
  const que = ESCALA === 'lineas' ? 'lines' : 'top-ups of demo';
  guardarResultados(`${ESCALA}-escala`, {
    bench: `bench:${ESCALA === 'lineas' ? 'lines' : 'reports'} at two sizes, in turn`,
    base: `databases ${nombres.join(' and ')}`,
    condiciones: `${p} and ${g} ${que}, one API each, requests in turn, ${VECES} each after 2 of warm-up; load average ${carga.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end.`,
    tablas: [`| case | ${p} ms | ${g} ms | ratio |`, '| --- | --- | --- | --- |', ...filas],
    cifras,
  });
} finally {
  for (const s of servidores) s.kill('SIGTERM');
}
process.exit(0);
