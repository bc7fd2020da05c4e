import { M, texto } from '@recargas/contracts/mensajes';
import { API_REPORTES, type RespuestaGraficas } from '@recargas/contracts/reportes';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descargarExcel } from './excel.ts';
import { campoFecha, escribir, seccion } from './fechas.ts';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
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
    const col = await columna('Compañia');
    const companias = async () => new Set(await filas().locator(`td:nth-child(${col})`).allTextContents());
    await campo.fill('Telcel');
    await campo.press('Enter');
    await expect.poll(total).toBeLessThan(antes);
    const soloTelcel = await total();
    await expect.poll(companias).toEqual(new Set(['Telcel']));
    // The second chip adds its rows to the first's: more rows, and both values among them.
    await campo.fill('Movistar');
    await campo.press('Enter');
    await expect.poll(total).toBeGreaterThan(soloTelcel);
    await expect.poll(companias).toEqual(new Set(['Telcel', 'Movistar']));
    // With chips the count comes apart from the rows: the numbers fill in from it, downwards.
    const numeros = async () => (await filas().locator('td:nth-child(1)').allTextContents()).slice(0, 3);
    const n = await total();
    expect(n).toBeLessThan(antes);
    await expect.poll(numeros).toEqual([n, n - 1, n - 2].map(String));
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
    const pedidas: string[] = [];
    const anotar = (r: Request) => {
      if (new URL(r.url()).pathname.startsWith(API_REPORTES.reportesNew)) pedidas.push(r.url());
    };
    pagina.on('request', anotar);
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
    await dialogo.waitFor({ state: 'detached' });
    pagina.off('request', anotar);
    // No report query left the page; the rows of the last accepted range stay.
    expect(pedidas).toEqual([]);
    await expect(filas().count()).resolves.toBe(antes);
    expect(errores).toEqual([]);
  });

  it('graficas draws one line chart per leader', async () => {
    // The seeded company has one leader: a second, made from the server's own answer, shows
    // that each leader gets its chart and none is dropped or merged.
    let lideres: RespuestaGraficas['lideres'] = [];
    const deGraficas = (u: URL) => u.pathname === API_REPORTES.graficas;
    await pagina.route(deGraficas, async (ruta) => {
      const respuesta = await ruta.fetch();
      const cuerpo = (await respuesta.json()) as RespuestaGraficas;
      const [primero] = cuerpo.lideres;
      if (primero)
        cuerpo.lideres.push({ ...primero, idLider: -1, username: 'otro_lider', lider: 'Otro Lider' });
      lideres = cuerpo.lideres;
      await ruta.fulfill({ response: respuesta, json: cuerpo });
    });
    await pagina.goto(`${base}/in/graficas`);
    await pagina.getByRole('heading', { name: M.graficas }).waitFor();
    const tarjetas = pagina.getByTestId('grafica-lider');
    await tarjetas.first().waitFor();
    expect(lideres.map((l) => l.username)).toEqual(['lider', 'otro_lider']);
    await expect(tarjetas.locator('h2').allTextContents()).resolves.toEqual(['lider', 'otro_lider']);
    const lineas = 'path.MuiLineChart-line, path[class*="MuiLineElement"]';
    for (let i = 0; i < lideres.length; i++)
      await expect(tarjetas.nth(i).locator(lineas).count()).resolves.toBe(1);
    await pagina.getByLabel(M.mensual).check();
    await expect.poll(() => tarjetas.first().locator('.MuiChartsAxis-tickLabel').count()).toBeGreaterThan(3);
    await captura(pagina, 'graficas');
    await pagina.unroute(deGraficas);
    expect(errores).toEqual([]);
  });
});
