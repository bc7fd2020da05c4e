import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { baseGuardada, baseSembrada, guardarResultados, servidorApi } from './comun.ts';
import { consultasLineas, entrarDemo, mediana, medirPagina } from './lineas-consultas.ts';

/**
 * npx tsx bench/lineas-escala.ts — bench:lines's pages at two sizes under the same load: two
 * kept databases (BENCH_BASE of two bench:lines runs, BENCH_BASE_1M and BENCH_BASE_10M), one API
 * each, every request asked of one then the other, BENCH_VECES (21) times; the medians and their
 * ratio. Two runs of bench:lines an hour apart on the shared machine differed by the load, which
 * moved several-fold in that hour, as much as by the size.
 */
const VECES = Number(process.env.BENCH_VECES ?? 21);
const nombres = [process.env.BENCH_BASE_1M ?? 'bench_1m', process.env.BENCH_BASE_10M ?? 'bench_10m'];
const servidores: ChildProcess[] = [];
try {
  const apis: { api: string; cabeceras: Record<string, string>; lineas: number }[] = [];
  for (const nombre of nombres) {
    const base = await baseGuardada(nombre);
    if (base.nueva)
      throw new Error(`${nombre}: no existe; créela antes con BENCH_BASE=${nombre} npm run bench:lines`);
    const { db, empresa } = await baseSembrada(base.url);
    const { n } = await db
      .selectFrom('lineas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('empresa_id', '=', empresa)
      .executeTakeFirstOrThrow();
    await db.destroy();
    const { api, hijo } = await servidorApi(base.url);
    servidores.push(hijo);
    apis.push({ api, cabeceras: await entrarDemo(api), lineas: n });
  }
  const carga = loadavg()[0] as number;
  const filas: string[] = [];
  const cifras = [];
  for (const [nombre, q] of consultasLineas()) {
    const t = apis.map(() => ({ primera: [] as number[], siguiente: [] as number[] }));
    for (let i = 0; i < VECES + 2; i++) {
      for (const [j, a] of apis.entries()) {
        const m = await medirPagina(a.api, a.cabeceras, q);
        if (i < 2) continue; // warm-up
        t[j]?.primera.push(m.primera);
        if (m.siguiente !== undefined) t[j]?.siguiente.push(m.siguiente);
      }
    }
    for (const medida of ['primera', 'siguiente'] as const) {
      const [a, b] = t.map((x) => x[medida]);
      if (!a?.length || !b?.length) continue;
      const [ma, mb] = [mediana(a), mediana(b)];
      const caso = `${nombre}, ${medida === 'primera' ? 'first page with its count' : 'keyset page'}`;
      filas.push(`| ${caso} | ${ma.toFixed(1)} | ${mb.toFixed(1)} | ${(mb / ma).toFixed(2)} |`);
      cifras.push({ caso, medida: 'median ratio', valor: mb / ma, unidad: '' });
    }
  }
  const [p, g] = apis.map((a) => a.lineas.toLocaleString('en'));
  guardarResultados('lineas-escala', {
    bench: 'bench:lines at two sizes, in turn',
    base: `databases ${nombres.join(' and ')}`,
    condiciones: `${p} and ${g} lines, one API each, requests in turn, ${VECES} each after 2 of warm-up; load average ${carga.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end.`,
    tablas: [`| case | ${p} ms | ${g} ms | ratio |`, '| --- | --- | --- | --- |', ...filas],
    cifras,
  });
} finally {
  for (const s of servidores) s.kill('SIGTERM');
}
process.exit(0);
