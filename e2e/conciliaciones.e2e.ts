import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * /in/conciliaciones (issue 22) as demo's administrator: yesterday fetched from the provider
 * (platform 1), a statement uploaded as .csv (platform 2) whose two rows are not ours, the
 * day's mismatches, and a day chosen with the keyboard; at 1280 and 800 px.
 */
const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const ayer = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(
  new Date(Date.now() - 86_400_000),
);
const csv = Buffer.from(
  `Folio,Id,Numero,Monto,Estatus,Hora\nP-1,,5500000001,50,exitosa,${ayer}T18:00:00Z\nP-2,,5500000002,100,fallida,${ayer}T18:05:00Z\n`,
);

describe.each([1280, 800])('conciliaciones screen at %i px', (ancho) => {
  let pagina: Page;
  let errores: string[];
  beforeAll(async () => {
    // A browser in the company's zone: the screen's default day is the browser's yesterday, which
    // from midnight UTC to midnight in Mexico is the company's today, refused (found in CI at
    // 00:45 UTC; open defect: the default should follow the company's zone).
    ({ pagina, errores } = await nuevaPagina(navegador, ancho, 'America/Mexico_City'));
    await iniciarSesion(pagina, base, 'demo', 'admin');
  });
  afterAll(() => pagina.context().close());

  it('is in the menu; yesterday is fetched from the provider and listed with its totals', async () => {
    if (ancho < 900) await pagina.getByRole('button', { name: M.abrirMenu }).click();
    await pagina.getByTestId('menu-conciliaciones').click();
    await pagina.waitForURL(/\/in\/conciliaciones$/);
    await pagina.getByRole('heading', { level: 1, name: M.conciliaciones }).waitFor();
    const respuesta = pagina.waitForResponse((r) => r.url().endsWith('/api/conciliaciones/obtener'));
    await pagina.getByRole('button', { name: M.conciliacionObtener }).click();
    expect((await respuesta).status()).toBe(200);
    await pagina.getByText(M.conciliacionHecha).first().waitFor();
    await pagina.getByTestId(`dia-${ayer}-1`).waitFor();
    await pagina.getByTestId('diferencias').waitFor();
  });

  it('an uploaded .csv statement lists its mismatches; a day is chosen with the keyboard', async () => {
    await pagina.getByLabel(M.conciliacionPlataforma).click();
    await pagina.getByRole('option', { name: M.pagaqui }).click();
    await pagina
      .locator('input[name="archivo"]')
      .setInputFiles({ name: 'estado.csv', mimeType: 'text/csv', buffer: csv });
    await pagina.getByTestId('estado-elegido').waitFor();
    const respuesta = pagina.waitForResponse((r) => r.url().endsWith('/api/conciliaciones/subir'));
    await pagina.getByRole('button', { name: M.conciliacionSubir }).click();
    expect((await respuesta).status()).toBe(200);
    const dia2 = pagina.getByTestId(`dia-${ayer}-2`);
    await dia2.waitFor();
    const tabla = pagina.getByTestId('tabla-diferencias');
    await tabla.getByText('P-1').waitFor();
    await tabla.getByText('P-2').waitFor();
    expect(await tabla.getByText(M.conciliacionFaltaNuestra).count()).toBe(2);
    await captura(pagina, `conciliaciones-${ancho}`);
    // The other day, by keyboard: its button takes the focus and Enter chooses it.
    await pagina.getByTestId(`dia-${ayer}-1`).focus();
    await pagina.keyboard.press('Enter');
    await expect(pagina.getByTestId(`dia-${ayer}-1`).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(tabla.getByText('P-1').count()).resolves.toBe(0);
    // Nothing wider than the window.
    expect(await pagina.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errores).toEqual([]);
  });
});
