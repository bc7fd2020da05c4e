import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { Manifest } from 'vite';
import { archivosDelLogin } from '../apps/web/compilacion.ts';
import { CHROMIUM, iniciarSesion } from '../e2e/navegador.ts';
import { type Cifra, entornoServidor, guardarResultados, proceso, puertoLibre, tamano } from './comun.ts';

/**
 * npm run bench:web:lighthouse (npm run bench:web runs it too) — Lighthouse 12.2.3 in Debian's
 * Chromium with its default mobile settings (simulated slow 4G, 4× slower CPU) on the login of
 * two companies and on /in/recargas after login, BENCH_LH_VECES runs each (3): the median of
 * performance, accessibility, best practices and the page's timings, and the JavaScript the
 * login downloads (as served, and gzipped). Issue 21 asks ≥ 90, ≥ 95, ≥ 95 and ≤ 150 KB. It
 * builds nothing: run `npm run build` first (or point WEB_DIR at a `vite build --outDir`).
 */
const VECES = tamano('BENCH_LH_VECES', 3, 1);
const WEB_DIR = resolve(process.env.WEB_DIR ?? 'apps/web/dist');
if (!existsSync(join(WEB_DIR, '.vite/manifest.json'))) {
  console.error(`No hay web construida en ${WEB_DIR}: corre antes npm run build (o define WEB_DIR).`);
  process.exit(1);
}
/** BENCH_LH_INFORMES=<dir> keeps each run's whole Lighthouse report (JSON), to see where the time went. */
const INFORMES = process.env.BENCH_LH_INFORMES;
if (INFORMES) mkdirSync(INFORMES, { recursive: true });
/** BENCH_LH_SOLO=<text>: only the pages whose address holds it (say `recargas`), to compare builds. */
const SOLO = process.env.BENCH_LH_SOLO ?? '';
const METAS = { performance: 90, accessibility: 95, 'best-practices': 95 } as const;
const LIMITE_JS_KB = 150;

const mediana = (v: number[]) => {
  const o = [...v].sort((a, b) => a - b);
  const m = Math.floor(o.length / 2);
  return o.length % 2 ? (o[m] ?? 0) : ((o[m - 1] ?? 0) + (o[m] ?? 0)) / 2;
};

/** The login's JavaScript as the build has it: the files and their gzipped size (the budget test's count). */
function jsDelLogin() {
  const manifiesto = JSON.parse(readFileSync(join(WEB_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
  const archivos = archivosDelLogin(manifiesto).filter((f) => f.endsWith('.js'));
  return archivos.reduce((s, f) => s + gzipSync(readFileSync(join(WEB_DIR, f)), { level: 9 }).length, 0);
}

interface Medida {
  puntos: Record<string, number>;
  tiempos: Record<string, number>;
  jsKb: number;
}

/** One Lighthouse run: the category scores, the timings (ms) and the script bytes transferred. */
async function medir(url: string, puerto: number): Promise<Medida> {
  const r = await lighthouse(url, {
    port: puerto,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(METAS),
  });
  if (!r) throw new Error(`Lighthouse no midió ${url}`);
  const { lhr } = r;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (INFORMES)
    writeFileSync(
      join(INFORMES, `${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`),
      r.report as string,
    );
  const puntos = Object.fromEntries(
    Object.keys(METAS).map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  const tiempo = (a: string) => lhr.audits[a]?.numericValue ?? Number.NaN;
  const tiempos = {
    FCP: tiempo('first-contentful-paint'),
    LCP: tiempo('largest-contentful-paint'),
    TBT: tiempo('total-blocking-time'),
    SI: tiempo('speed-index'),
  };
  const peticiones = (
    lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] }
  )?.items;
  const jsKb =
    (peticiones ?? [])
      .filter((p) => p.resourceType === 'Script')
      .reduce((s, p) => s + (p.transferSize ?? 0), 0) / 1024;
  return { puntos, tiempos, jsKb };
}

const datos = mkdtempSync(join(tmpdir(), 'bench-lh-'));
let servidor: ChildProcess | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const puerto = await puertoLibre();
  const base = `http://127.0.0.1:${puerto}`;
  servidor = await proceso('apps/server/src/main.ts', base, {
    ...entornoServidor(undefined, datos, puerto),
    WEB_DIR,
  });
  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM.executablePath, chromeFlags: CHROMIUM.args });
  const lanzado = chrome;

  /** The demo administrator's session in the browser's storage, as the login leaves it. */
  const conSesion = async () => {
    const navegador = await chromium.connectOverCDP(`http://127.0.0.1:${lanzado.port}`);
    const pagina = await (navegador.contexts()[0] ?? (await navegador.newContext())).newPage();
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.close();
    await navegador.close();
  };

  const paginas: { caso: string; url: string; antes?: () => Promise<void> }[] = [
    { caso: 'login /demo', url: `${base}/demo` },
    { caso: 'login /vcell', url: `${base}/vcell` },
    { caso: '/in/recargas (admin)', url: `${base}/in/recargas`, antes: conSesion },
  ];
  const cifras: Cifra[] = [];
  const filas: string[] = [];
  for (const p of paginas.filter((x) => x.url.includes(SOLO))) {
    const medidas: Medida[] = [];
    // Lighthouse clears caches and workers between runs, not localStorage: one login serves all.
    await p.antes?.();
    for (let i = 0; i < VECES; i++) {
      // A loaded machine sometimes loses the trace (NO_NAVSTART): that run is made again.
      medidas.push(await medir(p.url, lanzado.port).catch(() => medir(p.url, lanzado.port)));
      console.log(`${p.caso} #${i + 1}: ${JSON.stringify(medidas.at(-1))}`);
    }
    const puntos = Object.keys(METAS).map((c) => mediana(medidas.map((m) => m.puntos[c] ?? 0)));
    const tiempos = ['FCP', 'LCP', 'TBT', 'SI'].map((t) => mediana(medidas.map((m) => m.tiempos[t] ?? 0)));
    const jsKb = mediana(medidas.map((m) => m.jsKb));
    Object.keys(METAS).forEach((c, i) => {
      cifras.push({ caso: p.caso, medida: c, valor: puntos[i] ?? 0, unidad: '' });
    });
    ['FCP', 'LCP', 'TBT', 'SI'].forEach((t, i) => {
      cifras.push({ caso: p.caso, medida: t, valor: tiempos[i] ?? 0, unidad: 'ms' });
    });
    cifras.push({ caso: p.caso, medida: 'JS transferido', valor: jsKb, unidad: 'KB' });
    filas.push(
      `| ${p.caso} | ${puntos.join(' | ')} | ${tiempos.map((t) => Math.round(t)).join(' | ')} | ${jsKb.toFixed(1)} |`,
    );
  }
  const gzipKb = jsDelLogin() / 1024;
  cifras.push({ caso: 'login', medida: 'JS gzip', valor: gzipKb, unidad: 'KB' });
  const cumple = (c: Cifra) =>
    c.medida in METAS
      ? c.valor >= METAS[c.medida as keyof typeof METAS]
      : c.medida !== 'JS gzip' || c.valor <= LIMITE_JS_KB;
  const fallan = cifras.filter((c) => !cumple(c)).map((c) => `${c.caso} ${c.medida} ${c.valor.toFixed(0)}`);
  guardarResultados('web-lighthouse', {
    bench: 'bench:web:lighthouse',
    base: `embedded database (demo seed), web from ${WEB_DIR}`,
    condiciones: `Lighthouse 12.2.3, Debian Chromium, default mobile settings (simulated slow 4G, 4× CPU); median of ${VECES} runs per page`,
    cifras,
    tablas: [
      '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | SI ms | JS transferred KB |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...filas,
      '',
      `The login's JavaScript, gzipped (entry, its imports and the login chunk): ${gzipKb.toFixed(1)} KB (target ≤ ${LIMITE_JS_KB} KB).`,
      '',
      fallan.length ? `Below target: ${fallan.join('; ')}.` : 'Every target of issue 21 is met.',
    ],
  });
} finally {
  await chrome?.kill();
  // The embedded database is still writing until the server has exited.
  if (servidor && servidor.exitCode === null) {
    const fin = once(servidor, 'exit');
    servidor.kill('SIGTERM');
    await fin;
  }
  rmSync(datos, { recursive: true, force: true, maxRetries: 5 });
}
