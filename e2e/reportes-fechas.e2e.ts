import { M, texto } from '@recargas/contracts/mensajes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campoFecha, elegirDia, escribir, peticionesA, seccion, tras } from './fechas.ts';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

// The date ranges of the reports on MUI X pickers: a query only for a complete range accepted,
// the 93-day rule warns in the dialog (with the company's sales contact) and asks nothing.
const { base } = sitio();
const FOTOS = '/tmp/shots-fechas';
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

describe.each([1280, 800])('report date ranges at %i px', (ancho) => {
  it('ventas: partial or year-0026 dates ask nothing, Seleccionar asks once, >93 days warns', async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/ventas`);
    await pagina.getByTestId('ventas-total').waitFor();
    const vistas = peticionesA(pagina, '/reportesNew');
    const inicial = campoFecha(pagina, 'fechaInicial');
    await expect(inicial.locator('input').inputValue()).resolves.toMatch(/^\d{4}\/\d{2}\/\d{2}$/);

    // A day typed digit by digit ('1' is already a whole date): nothing until it is accepted.
    await escribir(inicial, 'Dia', '1');
    expect(await tras(pagina, vistas)).toBe(0);
    await pagina.keyboard.type('5');
    expect(await tras(pagina, vistas)).toBe(0);
    // Year 0026, typed and confirmed with Enter: refused in place.
    await escribir(inicial, 'Año', '0026');
    await pagina.keyboard.press('Enter');
    await pagina.getByText(M.lineaFechaInvalida).waitFor();
    // A day half deleted, and the field left.
    await seccion(inicial, 'Dia').click();
    await pagina.keyboard.press('Backspace');
    await pagina.keyboard.press('Tab');
    expect(await tras(pagina, vistas)).toBe(0);

    // The picker: a day is a draft until Seleccionar, which asks once.
    await elegirDia(pagina, 'fechaInicial', `${FOTOS}/ventas-picker-${ancho}.png`);
    await expect.poll(() => vistas.length).toBe(1);
    expect(await tras(pagina, vistas)).toBe(1);
    expect(vistas[0]).toContain('diaIni=1&');

    // A year back: over 93 days, the dialog warns with the contact, and nothing is asked.
    const anio = Number((await seccion(inicial, 'Año').textContent()) ?? 0);
    await escribir(inicial, 'Año', String(anio - 1));
    await pagina.keyboard.press('Enter');
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByText(texto('rangoVentas', { dias: 93 })).waitFor();
    await dialogo.getByText(M.contactaVentas).waitFor();
    await expect(dialogo.getByTestId('contacto-ventas').textContent()).resolves.toBe(
      texto('contactoVentas', { email: 'ventas@demo.mx', phone: '55 1234 5678' }),
    );
    await pagina.waitForTimeout(300); // the dialog's fade, for the screenshot
    await pagina.screenshot({ path: `${FOTOS}/ventas-aviso-${ancho}.png` });
    await dialogo.getByRole('button', { name: M.cerrar }).click();
    expect(await tras(pagina, vistas)).toBe(1);
    expect(errores).toEqual([]);
    await pagina.context().close();
  });

  it('graficas: a partial date asks nothing, Seleccionar asks once; the chart is whole and wide', async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/graficas`);
    const tarjeta = pagina.getByTestId('grafica-lider').first();
    await tarjeta.waitFor();
    // Whole axis labels: yearly sums (tens of thousands) and daily dates, none cut with '…'.
    const cortadas = async () =>
      (await tarjeta.locator('.MuiChartsAxis-tickLabel').allTextContents()).filter((t) => t.includes('…'));
    expect(await cortadas()).toEqual([]);
    await pagina.screenshot({ path: `${FOTOS}/graficas-anual-${ancho}.png` });
    const vistas = peticionesA(pagina, '/graficas');
    const inicial = campoFecha(pagina, 'fechaInicial');
    await seccion(inicial, 'Mes').click();
    await pagina.keyboard.press('Backspace');
    await pagina.keyboard.press('Enter');
    expect(await tras(pagina, vistas)).toBe(0);
    await elegirDia(pagina, 'fechaInicial', `${FOTOS}/graficas-picker-${ancho}.png`);
    await expect.poll(() => vistas.length).toBe(1);
    expect(await tras(pagina, vistas)).toBe(1);

    await pagina.getByLabel(M.diario).check();
    await expect.poll(() => tarjeta.locator('.MuiChartsAxis-tickLabel').count()).toBeGreaterThan(3);
    expect(await cortadas()).toEqual([]);
    // The chart spans the card: the whole width, not half of it.
    const grafica = await tarjeta.locator('svg.MuiChartsSvgLayer-root').boundingBox();
    const caja = await tarjeta.boundingBox();
    expect(grafica?.width ?? 0).toBeGreaterThan((caja?.width ?? 0) * 0.9);
    expect(caja?.width ?? 0).toBeGreaterThan(ancho * 0.6);
    await pagina.screenshot({ path: `${FOTOS}/graficas-${ancho}.png`, fullPage: true });
    expect(errores).toEqual([]);
    await pagina.context().close();
  });
});
