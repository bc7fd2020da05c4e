import { M, texto } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { descargarExcel } from './excel.ts';
import { campoFecha, escribir, seccion } from './fechas.ts';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';

const base = inject('baseURL');
let navegador: Browser;
let pagina: Page;
let errores: string[];

const filas = () => pagina.getByTestId('tabla-ventas').locator('tbody tr:has(td:nth-child(3))');
/** The column of the report table whose header reads `titulo` (1-based, as CSS counts). */
const columna = async (titulo: string) =>
  (await pagina.getByTestId('tabla-ventas').locator('thead th').allTextContents()).indexOf(titulo) + 1;
const total = async () =>
  Number((await pagina.getByTestId('ventas-total').textContent())?.replace(/\D/g, ''));

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('sales report and charts in Chromium', () => {
  it('ventas lists the seeded top-ups of the last 10 days, numbered downwards, Monto with $', async () => {
    await pagina.goto(`${base}/in/ventas`);
    await pagina.getByTestId('ventas-total').waitFor();
    const n = await total();
    expect(n).toBeGreaterThan(0);
    await expect(pagina.getByTestId('ventas-total').textContent()).resolves.toBe(texto('registros', { n }));
    const primera = await filas().first().locator('td').allTextContents();
    expect(primera[0]).toBe(String(n));
    expect(primera[(await columna('Monto')) - 1]).toMatch(/^\$\d+/);
    await captura(pagina, 'ventas');
  });

  it('two chips in one column keep only rows of either value (OR)', async () => {
    const antes = await total();
    await pagina.getByRole('button', { name: M.mostrarFiltros }).click();
    const campo = pagina.locator('input[name="filtro-compania"]');
    await campo.fill('Telcel');
    await campo.press('Enter');
    await campo.fill('Movistar');
    await campo.press('Enter');
    await expect.poll(total).toBeLessThan(antes);
    // With chips the count comes apart from the rows: the numbers fill in from it, downwards.
    const numeros = async () => (await filas().locator('td:nth-child(1)').allTextContents()).slice(0, 3);
    const n = await total();
    await expect.poll(numeros).toEqual([n, n - 1, n - 2].map(String));
    const col = await columna('Compañia');
    const companias = await filas().locator(`td:nth-child(${col})`).allTextContents();
    expect(companias.length).toBeGreaterThan(0);
    expect(new Set(companias)).toEqual(new Set(['Telcel', 'Movistar'].filter((c) => companias.includes(c))));
    await captura(pagina, 'ventas-filtros');
  });

  it('Generar Excel downloads the filtered rows, which a second reader opens', async () => {
    const n = await total();
    const { hoja } = await descargarExcel(pagina);
    const encabezados = (hoja.getRow(1).values as unknown[]).slice(1).map(String);
    expect(encabezados).toEqual(
      await pagina.getByTestId('tabla-ventas').locator('thead th').allTextContents(),
    );
    expect(hoja.actualRowCount - 1).toBe(n);
    const companias = new Set<string>();
    hoja.eachRow((fila, k) => {
      if (k > 1) companias.add(String(fila.getCell(encabezados.indexOf('Compañia') + 1).value));
    });
    expect([...companias].every((c) => c === 'Telcel' || c === 'Movistar')).toBe(true);
  });

  it('a range over 93 days opens the warning modal with the spec message and asks nothing', async () => {
    const antes = await filas().count();
    const inicial = campoFecha(pagina, 'fechaInicial');
    const anio = Number(await seccion(inicial, 'Año').textContent());
    await escribir(inicial, 'Año', String(anio - 1));
    await pagina.keyboard.press('Enter');
    const dialogo = pagina.getByRole('dialog');
    await dialogo
      .getByText('* El rango entre la fecha inicial y la fecha final supera los 93 días.')
      .waitFor();
    await dialogo.getByText(M.contactaVentas).waitFor();
    await dialogo.getByRole('button', { name: M.cerrar }).click();
    // The rows of the last accepted range stay; no refused query reaches the console.
    await expect(filas().count()).resolves.toBe(antes);
    expect(errores).toEqual([]);
  });

  it('graficas draws one line chart per leader', async () => {
    await pagina.goto(`${base}/in/graficas`);
    await pagina.getByRole('heading', { name: M.graficas }).waitFor();
    const tarjetas = pagina.getByTestId('grafica-lider');
    await tarjetas.first().waitFor();
    await expect(tarjetas.first().getByText('lider', { exact: true }).count()).resolves.toBe(1);
    await expect(
      tarjetas.first().locator('path.MuiLineChart-line, path[class*="MuiLineElement"]').count(),
    ).resolves.toBe(1);
    await pagina.getByLabel(M.mensual).check();
    await expect.poll(() => tarjetas.first().locator('.MuiChartsAxis-tickLabel').count()).toBeGreaterThan(3);
    await captura(pagina, 'graficas');
    expect(errores).toEqual([]);
  });
});
