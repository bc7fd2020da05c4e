import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { M } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { abrirDb } from '../apps/server/src/db/database.ts';
import { migrar } from '../apps/server/src/db/migrate.ts';
import { sembrar } from '../apps/server/src/db/seed/index.ts';
import { abrirNavegador, iniciarSesion, nuevaPagina } from '../e2e/navegador.ts';
import { type Cifra, entornoServidor, guardarResultados, proceso, tamano } from './comun.ts';

/**
 * npm run bench:web — Administrar base in Debian's Chromium with 100,000 lines loaded: long tasks
 * (PerformanceObserver 'longtask') and frame times while scrolling to the end, keydown-to-paint of
 * a keystroke in the inline edit, and a chip filter's time to paint. It builds nothing: run
 * `npm run build` first (or point WEB_DIR at a `vite build --outDir`). The lines are inserted
 * into the embedded database before the server starts; the browser then loads every page by
 * scrolling, asking 100 rows a page (the server's maximum; BENCH_WEB_PAGINA) instead of 20 so
 * the loading takes minutes, not a quarter of an hour.
 */
/** What the scripts run in the page use of it (this project's bench types have no DOM library). */
interface EnPagina {
  largas: number[];
  cuadros: number[];
  medida: Promise<number>;
  requestAnimationFrame(f: (t: number) => void): number;
  addEventListener(tipo: 'keydown', f: (ev: { timeStamp: number }) => void, o: object): void;
  localStorage: { setItem(k: string, v: string): void };
  document: { querySelector(s: string): { textContent: string | null } | null };
  PerformanceObserver: new (
    f: (l: { getEntries(): { duration: number }[] }) => void,
  ) => { observe(o: { type: string; buffered: boolean }): void };
}
/** A table's scroll box, as the scripts use it. */
interface Caja {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

const LINEAS = tamano('BENCH_LINEAS_WEB', 100_000, 2_000);
const PAGINA = tamano('BENCH_WEB_PAGINA', 100, 100);
const TECLAS = tamano('BENCH_TECLAS', 20, 10);
/** Pixels scrolled a frame: 1,000 is a quick fling (60,000 px/s at 60 frames a second). */
const PASO = tamano('BENCH_WEB_PASO', 1000, 1000);
/** BENCH_WEB_PUERTO: another port, to run two builds side by side under the same load. */
const PUERTO = Number(process.env.BENCH_WEB_PUERTO ?? 3831);
const WEB_DIR = resolve(process.env.WEB_DIR ?? 'apps/web/dist');
if (!existsSync(join(WEB_DIR, 'index.html'))) {
  console.error(`No hay web construida en ${WEB_DIR}: corre antes npm run build (o define WEB_DIR).`);
  process.exit(1);
}

const datos = mkdtempSync(join(tmpdir(), 'bench-web-'));
let servidor: ChildProcess | undefined;
const navegador = await abrirNavegador();
try {
  // The demo company and its lines, over the last 50 days (inside the screen's default range).
  const db = await abrirDb({ databaseUrl: undefined, dataDir: datos });
  await migrar(db);
  await sembrar(db);
  const empresa = (
    await db.selectFrom('empresas').select('id').where('codigo', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const lider = (
    await db.selectFrom('lideres').select('id').where('empresa_id', '=', empresa).executeTakeFirstOrThrow()
  ).id;
  await sql`insert into lineas (empresa_id, icc, dn, monto, lider_id, compania, fecha_subida, fecha_actualizacion,
      fecha_vigencia, is_recargado, fecha_recarga, plataforma)
    select ${empresa}, '8959' || lpad(g::text, 15, '0'), '55' || lpad((g * 7919 % 100000000)::text, 8, '0'),
      (array[30, 50, 70, 100, 200])[1 + g % 5], case when g % 3 = 0 then null else ${lider}::int end,
      (array['T', 'M', 'U', 'A', 'V', 'B'])[1 + (g * 31) % 6],
      now() - ((g * 104729 % 4320000) * interval '1 second'), now(), current_date + 180,
      g % 10 = 0, case when g % 10 = 0 then now() end, 1 + g % 2
    from generate_series(1::bigint, ${LINEAS}::bigint) g`.execute(db);
  await db.destroy();

  const base = `http://127.0.0.1:${PUERTO}`;
  servidor = await proceso('apps/server/src/main.ts', base, {
    ...entornoServidor(undefined, datos, PUERTO),
    WEB_DIR,
  });

  const { pagina, errores } = await nuevaPagina(navegador, 1280);
  // tsx keeps function names with a __name helper the page does not have.
  await pagina.addInitScript('globalThis.__name = (f) => f');
  // Every long task from the first script on, and the frames' times (rAF to rAF).
  await pagina.addInitScript(() => {
    const w = globalThis as unknown as EnPagina;
    w.largas = [];
    w.cuadros = [];
    new w.PerformanceObserver((l) => {
      for (const e of l.getEntries()) w.largas.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
    let antes = performance.now();
    const cuadro = (t: number) => {
      w.cuadros.push(t - antes);
      antes = t;
      w.requestAnimationFrame(cuadro);
    };
    w.requestAnimationFrame(cuadro);
  });
  await pagina.route(/\/iccs\?/, (r) => {
    const url = new URL(r.request().url());
    url.searchParams.set('limit', String(PAGINA));
    return r.continue({ url: url.toString() });
  });
  await iniciarSesion(pagina, base, 'demo', 'admin');
  await pagina.evaluate(() =>
    (globalThis as unknown as EnPagina).localStorage.setItem('avisoAdministrarBase', '1'),
  );
  await pagina.goto(`${base}/in/administrarBase`);
  const totalTexto = pagina.getByTestId('lineas-total');
  await totalTexto.waitFor();
  const total = Number((await totalTexto.textContent())?.replace(/\D/g, ''));
  const caja = pagina.getByTestId('tabla-lineas-caja');

  /** Long tasks and frames since the last call. */
  const tomar = () =>
    pagina.evaluate(() => {
      const w = globalThis as unknown as EnPagina;
      const r = { largas: w.largas, cuadros: w.cuadros };
      w.largas = [];
      w.cuadros = [];
      return r;
    });
  await tomar();

  // 1. Every page, by scrolling the table's box to its end until it holds every row.
  const cargadas = async () => Number(await pagina.getByTestId('tabla-lineas').getAttribute('data-filas'));
  let t = performance.now();
  let aviso = t;
  await perfilar(pagina, 'web-cargar', async () => {
    for (let n = await cargadas(); n < total; n = await cargadas()) {
      await caja.evaluate((e) => {
        const c = e as unknown as Caja;
        c.scrollTop = c.scrollHeight;
      });
      await pagina.waitForTimeout(20);
      if (performance.now() - aviso > 30_000) {
        aviso = performance.now();
        console.error(`${n} de ${total} filas en ${Math.round((aviso - t) / 1000)} s`);
      }
    }
  });
  const carga = (performance.now() - t) / 1000;
  const alCargar = await tomar();

  // 2. With every row loaded: from the top to the end, PASO px a frame; then Home and End.
  await caja.evaluate(async (e) => {
    (e as unknown as Caja).scrollTop = 0;
    await new Promise((r) => setTimeout(r, 500));
  });
  await tomar();
  t = performance.now();
  await perfilar(pagina, 'web-desplazar', () =>
    caja.evaluate(
      (e, px) =>
        new Promise<void>((listo) => {
          const c = e as unknown as Caja;
          const w = globalThis as unknown as EnPagina;
          const paso = () => {
            c.scrollTop += px;
            if (c.scrollTop + c.clientHeight >= c.scrollHeight - 1) listo();
            else w.requestAnimationFrame(paso);
          };
          w.requestAnimationFrame(paso);
        }),
      PASO,
    ),
  );
  const recorrido = (performance.now() - t) / 1000;
  await pagina.waitForTimeout(300);
  const alDesplazar = await tomar();
  // The keyboard: Home and End on the focused box, each to its paint.
  const tecla = async (nombre: 'Home' | 'End') => {
    await caja.focus();
    const fila = nombre === 'Home' ? 0 : total - 1;
    return medirHastaPintar(pagina, () => pagina.keyboard.press(nombre), { tipo: 'borde', fila });
  };
  const inicioTecla = await tecla('Home');
  const finTecla = await tecla('End');
  await pagina.waitForTimeout(300);
  const alTeclas = await tomar();

  // 3. A keystroke in the inline DN field: keydown to the next paint.
  await tecla('Home');
  await caja.getByRole('button', { name: M.colEditar }).first().click();
  const dn = caja.locator('input[name="editar-dn"]');
  await dn.click();
  await dn.press('End');
  await tomar();
  const pulsaciones: number[] = [];
  for (let i = 0; i < TECLAS; i++)
    pulsaciones.push(await medirHastaPintar(pagina, () => dn.press(i % 2 ? 'Backspace' : '7')));
  const alEscribir = await tomar();
  await caja.getByRole('button', { name: M.cancelarEdicion }).click();

  // 4. A chip: Enter in the Compañia filter to the new count painted (server time included).
  await pagina.getByRole('button', { name: M.mostrarFiltros }).click();
  const filtro = pagina.locator('input[name="filtro-compania"]');
  await filtro.fill('Telcel');
  await tomar();
  const antes = await totalTexto.textContent();
  const chip = await medirHastaPintar(pagina, () => filtro.press('Enter'), {
    tipo: 'total',
    antes: antes ?? '',
  });
  const alFiltrar = await tomar();
  const totalChip = Number((await totalTexto.textContent())?.replace(/\D/g, ''));

  const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const maximo = (xs: number[]) => Math.max(0, ...xs);
  const cifras: Cifra[] = [
    { caso: 'lines loaded', medida: 'rows', valor: total, unidad: '' },
    { caso: 'load every page by scrolling', medida: 'time', valor: carga, unidad: 's' },
    { caso: 'load every page by scrolling', medida: 'long tasks', valor: alCargar.largas.length, unidad: '' },
    {
      caso: 'load every page by scrolling',
      medida: 'longest task',
      valor: maximo(alCargar.largas),
      unidad: 'ms',
    },
    { caso: `scroll top to end, ${PASO} px a frame`, medida: 'time', valor: recorrido, unidad: 's' },
    {
      caso: `scroll top to end, ${PASO} px a frame`,
      medida: 'long tasks',
      valor: alDesplazar.largas.length,
      unidad: '',
    },
    {
      caso: `scroll top to end, ${PASO} px a frame`,
      medida: 'longest task',
      valor: maximo(alDesplazar.largas),
      unidad: 'ms',
    },
    {
      caso: `scroll top to end, ${PASO} px a frame`,
      medida: 'median frame',
      valor: mediana(alDesplazar.cuadros),
      unidad: 'ms',
    },
    {
      caso: `scroll top to end, ${PASO} px a frame`,
      medida: 'longest frame',
      valor: maximo(alDesplazar.cuadros),
      unidad: 'ms',
    },
    { caso: 'Home key to paint', medida: 'time', valor: inicioTecla, unidad: 'ms' },
    { caso: 'End key to paint', medida: 'time', valor: finTecla, unidad: 'ms' },
    { caso: 'Home and End keys', medida: 'longest task', valor: maximo(alTeclas.largas), unidad: 'ms' },
    {
      caso: `inline DN keystroke (${TECLAS})`,
      medida: 'median to paint',
      valor: mediana(pulsaciones),
      unidad: 'ms',
    },
    {
      caso: `inline DN keystroke (${TECLAS})`,
      medida: 'slowest to paint',
      valor: maximo(pulsaciones),
      unidad: 'ms',
    },
    {
      caso: `inline DN keystroke (${TECLAS})`,
      medida: 'long tasks',
      valor: alEscribir.largas.length,
      unidad: '',
    },
    { caso: `chip compania=Telcel (${totalChip} rows)`, medida: 'Enter to paint', valor: chip, unidad: 'ms' },
    {
      caso: `chip compania=Telcel (${totalChip} rows)`,
      medida: 'longest task',
      valor: maximo(alFiltrar.largas),
      unidad: 'ms',
    },
  ];
  const tabla = [
    '| case | measure | value |',
    '| --- | --- | ---: |',
    ...cifras.map(
      (c) =>
        `| ${c.caso} | ${c.medida} | ${Math.round(c.valor * 10) / 10}${c.unidad ? ` ${c.unidad}` : ''} |`,
    ),
  ];
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '?';
  guardarResultados('web', {
    bench: 'bench:web',
    base: `embedded PGlite, ${LINEAS.toLocaleString('en')} generated lines in demo`,
    condiciones: `Chromium ${navegador.version()} headless, 1280×800, ${PAGINA} rows a page; nproc ${availableParallelism()}, ${cpu}; goals: no long task over 50 ms while scrolling, keystroke to paint under 50 ms`,
    cifras,
    tablas: [...tabla, ...(errores.length ? ['', `Console errors: ${errores.join(' | ')}`] : [])],
  });
} finally {
  await navegador.close();
  servidor?.kill('SIGTERM');
  rmSync(datos, { recursive: true, force: true });
}

/** BENCH_PERFIL=<dir>: the page's CPU profile of a step, as <dir>/<nombre>.cpuprofile (DevTools). */
async function perfilar(pagina: Page, nombre: string, paso: () => Promise<unknown>) {
  const dir = process.env.BENCH_PERFIL;
  const cdp = dir ? await pagina.context().newCDPSession(pagina) : undefined;
  await cdp?.send('Profiler.enable');
  await cdp?.send('Profiler.start');
  // A timeline trace too: which work (script, GC, layout, paint) makes up each long task.
  const navegador = pagina.context().browser();
  if (dir) await navegador?.startTracing(pagina, { path: join(dir, `${nombre}.trace.json`) });
  await paso();
  if (dir) await navegador?.stopTracing();
  if (!cdp || !dir) return;
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(join(dir, `${nombre}.cpuprofile`), JSON.stringify(profile));
  await cdp.detach();
}

/** What "painted" waits for after the keydown: the next frame, a new count, or the box at an edge. */
type Hasta = { tipo: 'cuadro' } | { tipo: 'total'; antes: string } | { tipo: 'borde'; fila: number };

/**
 * Milliseconds from a keydown to the frame painted once `hasta` holds: the page stamps the
 * keydown, checks the condition each millisecond, then waits for a rAF and the task after it.
 */
async function medirHastaPintar(
  pagina: Page,
  accion: () => Promise<unknown>,
  hasta: Hasta = { tipo: 'cuadro' },
) {
  await pagina.evaluate((hasta) => {
    const w = globalThis as unknown as EnPagina;
    const cumple = () => {
      if (hasta.tipo === 'cuadro') return true;
      if (hasta.tipo === 'total') {
        // While the new first page loads the count is gone: wait for a new one.
        const total = w.document.querySelector('[data-testid="lineas-total"]')?.textContent;
        return Boolean(total) && total !== hasta.antes;
      }
      return w.document.querySelector(`[data-testid="tabla-lineas"] tr[data-index="${hasta.fila}"]`) !== null;
    };
    w.medida = new Promise<number>((listo) => {
      w.addEventListener(
        'keydown',
        (ev) => {
          const t0 = ev.timeStamp;
          const mirar = () => {
            if (cumple()) w.requestAnimationFrame(() => setTimeout(() => listo(performance.now() - t0), 0));
            else setTimeout(mirar, 1);
          };
          mirar();
        },
        { capture: true, once: true },
      );
    });
  }, hasta);
  await accion();
  return pagina.evaluate(() => (globalThis as unknown as EnPagina).medida);
}
