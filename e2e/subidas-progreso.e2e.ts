import { M, texto } from '@recargas/contracts/mensajes';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campoFecha, escribir } from './fechas.ts';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/** The upload screen in Chromium: progress by stage, the result table, no stale error toast. */
const { base } = sitio();
const CARPETA = process.env.SHOTS_DIR ?? '/tmp/shots-subidas';
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

/** Enough rows for several polls of each stage, even on a loaded machine. */
const FILAS = 20_000;
let serie = 0;
/** A lines file of `n` rows with fresh ICCs; rows 2 and 3 of the sheet have a bad ICC (if n > 2). */
async function archivo(n: number) {
  const libro = new ExcelJS.Workbook();
  const hoja = libro.addWorksheet('Lineas');
  hoja.addRow(['ICC', 'DN', 'COMPANIA', 'MONTO', 'LIDER', 'CLIENTE', 'NIR']);
  const prefijo = `8952${String(Date.now()).slice(-6)}${++serie}`;
  for (let i = 0; i < n; i++) {
    const icc = i < 2 ? `12${i}` : `${prefijo}${String(i).padStart(19 - prefijo.length, '0')}`;
    hoja.addRow([icc, '', 'Telcel', '', '', '', '']);
  }
  return {
    name: 'lineas.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await libro.xlsx.writeBuffer()),
  };
}

const selector = (p: Page, nombre: string) =>
  p.locator(`.MuiInputBase-root:has(input[name="${nombre}"]) [role="combobox"]`);
const aviso = (p: Page, t: string) => p.locator('#notistack-snackbar').filter({ hasText: t });

describe.each([1280, 800])('subirArchivos at %i px', (ancho) => {
  it('shows the stage and the percentage, then the result with a red cell and no stale error', async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/subirArchivos`);
    await selector(pagina, 'accion').click();
    await pagina.getByRole('option', { name: '1 Registrar nuevos' }).click();
    // Vigencia in the portal's picker (yyyy/mm/dd), sent as yyyy-mm-dd.
    const vigencia = campoFecha(pagina, 'vigencia');
    await escribir(vigencia, 'Año', '20270315');
    await expect(vigencia.locator('input').inputValue()).resolves.toBe('2027/03/15');
    // The form's own field, as the page hands it to fetch (the multipart body is not inspectable).
    await pagina.evaluate(() => {
      const w = window as unknown as { vigencia?: unknown };
      const original = window.fetch;
      window.fetch = (url, o) => {
        if (o?.body instanceof FormData) w.vigencia = o.body.get('vigencia');
        return original(url, o);
      };
    });
    await pagina.locator('input[name="archivo"]').setInputFiles(await archivo(FILAS));
    // Long tasks from here on: drawing 1,000 result rows at once froze the page 1.2-1.4 s.
    await pagina.evaluate(() => {
      const w = window as unknown as { largas: number[] };
      w.largas = [];
      new PerformanceObserver((l) => {
        for (const t of l.getEntries()) w.largas.push(t.duration);
      }).observe({ type: 'longtask' });
    });
    // Every stage text and bar value the page draws, recorded in the page: a poll from here could
    // miss a stage that lasts less than its interval (the first upload of a quiet machine did).
    await pagina.evaluate(() => {
      const w = window as unknown as { etapas: string[]; valores: string[] };
      w.etapas = [];
      w.valores = [];
      new MutationObserver(() => {
        const t = document.querySelector('[data-testid="subida-etapa"]')?.textContent;
        if (t && w.etapas.at(-1) !== t) w.etapas.push(t);
        const v = document.querySelector('[data-testid="subida-progreso"]')?.getAttribute('aria-valuenow');
        if (v && w.valores.at(-1) !== v) w.valores.push(v);
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await pagina.getByRole('button', { name: M.subirArchivo }).click();
    await expect(pagina.evaluate(() => (window as unknown as { vigencia?: unknown }).vigencia)).resolves.toBe(
      '2027-03-15',
    );
    // A stage of the server's and its percentage, on a determinate bar.
    const etapa = pagina.getByTestId('subida-etapa');
    const conPorcentaje = new RegExp(
      `^(${[M.etapaLeyendo, M.etapaValidando, M.etapaEscribiendo].join('|')}): (\\d+) %$`,
    );
    const vistos = () => pagina.evaluate(() => (window as unknown as { etapas: string[] }).etapas);
    await expect
      .poll(async () => (await vistos()).some((t) => conPorcentaje.test(t)), { timeout: 60_000 })
      .toBe(true);
    await pagina.screenshot({ path: `${CARPETA}/subidas-progreso-${ancho}.png` });
    const valores = await pagina.evaluate(() => (window as unknown as { valores: string[] }).valores);
    expect(
      valores.some((v) => /^\d+$/.test(v)),
      valores.join(' | '),
    ).toBe(true);
    // Every text the stage line showed, as the page drew it: the percentages never go back. How
    // many distinct ones appear depends on the machine's speed (the page polls every 500 ms), so
    // the server test (subidas-avance) is the one that proves the stages move.
    await etapa.waitFor({ state: 'detached', timeout: 60_000 });
    const todos = await vistos();
    // ('Subiendo archivo…' comes first, while the browser still sends the file.)
    const porcentajes = todos.flatMap((t) => {
      const n = conPorcentaje.exec(t)?.[2];
      return n === undefined ? [] : [Number(n)];
    });
    expect(porcentajes.length, todos.join(' | ')).toBeGreaterThan(0);
    expect(
      porcentajes.every((n, i) => n >= (porcentajes[i - 1] ?? 0)),
      todos.join(' | '),
    ).toBe(true);

    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByText(M.resultadoSubida).waitFor({ timeout: 60_000 });
    await aviso(
      pagina,
      texto('subidaResultado', { total: FILAS, correctos: FILAS - 2, erroneos: 2, duplicados: 0 }),
    ).waitFor();
    // The invalid cell is red, with its reason.
    const roja = dialogo.locator('td[data-correcto="no"]').first();
    await expect(roja.textContent()).resolves.toContain(M.lineaIccInvalido);
    const [r, g, b] = (
      (await roja.evaluate((e) => getComputedStyle(e).backgroundColor)).match(/\d+/g) ?? []
    ).map(Number) as [number, number, number];
    expect(r).toBeGreaterThan(150);
    expect(g).toBeLessThan(100);
    expect(b).toBeLessThan(100);
    await pagina.screenshot({ path: `${CARPETA}/subidas-resultado-${ancho}.png` });
    const larga = await pagina.evaluate(() =>
      Math.max(0, ...(window as unknown as { largas: number[] }).largas),
    );
    console.log(`subirArchivos ${ancho} px: tarea larga máxima ${Math.round(larga)} ms`);
    expect(larga).toBeLessThan(500);
    // 1,000 rows in the table, a few dozen drawn; the last one reached by scrolling.
    const tabla = dialogo.getByTestId('tabla-resultado');
    await expect(tabla.getAttribute('data-filas')).resolves.toBe('1000');
    await expect(tabla.locator('tbody tr[data-index]').count()).resolves.toBeLessThan(100);
    await tabla.evaluate((t) => {
      const caja = t.parentElement as HTMLElement;
      caja.scrollTop = caja.scrollHeight;
    });
    await tabla.locator('tbody tr[data-index="999"]').waitFor();
    const caja = await tabla.evaluate((t) => (t.parentElement as HTMLElement).getBoundingClientRect().width);
    expect(caja).toBeLessThanOrEqual(ancho);
    await dialogo.getByRole('button', { name: M.cerrar }).click();

    // A failed upload: its error toast stays 30 s unless a success closes it.
    const malo = await archivo(1);
    const libro = new ExcelJS.Workbook();
    libro.addWorksheet('Lineas').addRow(['X']);
    malo.buffer = Buffer.from(await libro.xlsx.writeBuffer());
    await pagina.locator('input[name="archivo"]').setInputFiles(malo);
    await pagina.getByRole('button', { name: M.subirArchivo }).click();
    const error = aviso(pagina, M.archivoEncabezados.split('{')[0] as string);
    await error.waitFor();
    const desdeError = Date.now();
    await pagina.locator('input[name="archivo"]').setInputFiles(await archivo(3));
    await pagina.getByRole('button', { name: M.subirArchivo }).click();
    await dialogo.getByText(M.resultadoSubida).waitFor();
    // Gone once the upload succeeded, well before its 30 s.
    await expect.poll(() => error.count()).toBe(0);
    expect(Date.now() - desdeError).toBeLessThan(29_000);
    expect(errores.filter((e) => !/status of 4\d\d/.test(e))).toEqual([]);
    await pagina.context().close();
  }, 150_000);
});
