import { M, texto } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
let navegador: Browser;
let pagina: Page;
let errores: string[];

const titulo = () => pagina.getByTestId('titulo-reciclado');
/** N of 'Reciclado masivo (N)'. */
const pendientes = async () => Number((await titulo().textContent())?.match(/\((\d+)\)/)?.[1]);
const tabla = () => pagina.getByTestId('tabla-reciclado');
/** Data rows (the sentinel row has a single cell). */
const filas = () => tabla().locator('tbody tr:has(td:nth-child(3))');
const dnDeFila = async (i: number) => {
  const columna = (await tabla().locator('thead th').allTextContents()).indexOf('Dn');
  return (await filas().nth(i).locator('td').nth(columna).textContent()) ?? '';
};
const aviso = (t: string) => pagina.locator('#notistack-snackbar').filter({ hasText: t }).first();

// Seeded demo lines (db/seed/lineas.ts): line 0's ICC ends in an even digit (ATT answers it as active),
// line 1's in an odd one (not active yet); line 1's number is 5520003571.
const ICC_ACTIVO = '8952140100000000000';
const ICC_INACTIVO = '8952140100000007919';
const DN_LINEA_1 = '5520003571';

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('recycling and the activation status in Chromium', () => {
  it('Reciclado masivo (N): the seeded expired lines, Reciclar and Olvidar take a row off', async () => {
    await pagina.getByTestId('menu-grarecicladoMasivo').click();
    await pagina.waitForURL(/\/in\/grarecicladoMasivo$/);
    await expect.poll(pendientes).toBeGreaterThan(2);
    const n = await pendientes();
    await expect.poll(() => filas().count()).toBe(Math.min(n, 20));
    const titulos = await tabla().locator('thead th').allTextContents();
    expect(titulos[0]).toBe(M.colNumero);
    expect(titulos.slice(-2)).toEqual([M.reciclar, M.olvidar]);
    expect(titulos).toEqual(expect.arrayContaining(['Icc', 'Dn', 'Lider', 'Cliente', 'Fecha de vigencia']));
    await captura(pagina, 'reciclado-masivo');

    const primero = await dnDeFila(0);
    await pagina.getByRole('button', { name: `${M.reciclar} ${primero}` }).click();
    await aviso(M.dnReciclado).waitFor();
    await expect.poll(pendientes).toBe(n - 1);
    await expect.poll(() => dnDeFila(0)).not.toBe(primero);

    const segundo = await dnDeFila(0);
    await pagina.getByRole('button', { name: `${M.olvidar} ${segundo}` }).click();
    await aviso(M.dnOlvidada).waitFor();
    await expect.poll(pendientes).toBe(n - 2);
  });

  it('Reciclar Todas asks first, then recycles every line listed; the button shows only with lines left', async () => {
    const n = await pendientes();
    const listadas = await Promise.all(Array.from({ length: Math.min(n, 20) }, (_, i) => dnDeFila(i)));
    await pagina.getByRole('button', { name: M.reciclarTodas }).click();
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByText(texto('confirmarReciclarTodas', { n })).waitFor();
    // Cancelar changes nothing.
    await dialogo.getByRole('button', { name: M.cancelar }).click();
    await dialogo.waitFor({ state: 'detached' });
    expect(await pendientes()).toBe(n);

    await pagina.getByRole('button', { name: M.reciclarTodas }).click();
    await pagina.getByRole('dialog').getByRole('button', { name: M.reciclarTodas }).click();
    await aviso(M.dnReciclados).waitFor();
    await expect.poll(pendientes).toBeLessThan(n);
    // Every line that was listed is gone. (A line a top-up of an earlier test still held was not
    // listed, and may appear once that top-up ends: this server is shared by the browser tests.)
    const quedan = await pendientes();
    const ahora = await Promise.all(Array.from({ length: Math.min(quedan, 20) }, (_, i) => dnDeFila(i)));
    expect(ahora.filter((dn) => listadas.includes(dn))).toEqual([]);
    if (quedan === 0) await tabla().getByText(M.sinResultados).waitFor();
    // (polled: the confirmation's own button leaves with the dialog's closing transition)
    await expect
      .poll(() => pagina.getByRole('button', { name: M.reciclarTodas }).count())
      .toBe(quedan > 0 ? 1 : 0);
  });

  it('the top-up screen: Estatus ICC ATT answers for an active ICC and fails with the spec text otherwise', async () => {
    await pagina.getByTestId('menu-recargas').click();
    await pagina.waitForURL(/\/in\/recargas$/);
    await pagina.getByRole('heading', { name: M.estatusIccAtt }).waitFor();
    const campo = pagina.locator('input[name="icc-estatus"]');
    await campo.fill(ICC_ACTIVO);
    await campo.press('Enter');
    const estatus = pagina.getByTestId('estatus-icc');
    await estatus.getByText('dnPermanente').waitFor();
    await expect(estatus.getByRole('row', { name: /dnPermanente/ }).textContent()).resolves.toBe(
      'dnPermanente5600000000',
    );
    await captura(pagina, 'recargas-paneles');

    await campo.fill(ICC_INACTIVO);
    await pagina.getByRole('button', { name: M.consultar }).click();
    await aviso(M.estatusActivacionError).waitFor();
  });

  it('Reciclar Lineas recycles a number and shows the server message for one not in the inventory', async () => {
    const campo = pagina.locator('input[name="dn-reciclar"]');
    await campo.fill(DN_LINEA_1);
    await pagina.getByRole('button', { name: M.reciclar, exact: true }).click();
    await aviso(M.dnReciclado).waitFor();
    await campo.fill('5599999998');
    await pagina.getByRole('button', { name: M.reciclar, exact: true }).click();
    await aviso(texto('dnNoEnInventario', { dn: '5599999998' })).waitFor();
    // Only the refusals the test asked for (404s) reached the console.
    expect(errores.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('at 800 px the bulk screen still shows its title and table', async () => {
    const { pagina: movil } = await nuevaPagina(navegador, 800);
    await iniciarSesion(movil, base, 'demo', 'admin');
    await movil.goto(`${base}/in/grarecicladoMasivo`);
    await movil.getByTestId('titulo-reciclado').waitFor();
    await movil.getByTestId('tabla-reciclado').waitFor();
    await captura(movil, 'reciclado-masivo-800');
    await movil.context().close();
  });

  it('a leader sees neither the menu item nor the panels, and is sent away from the screen', async () => {
    const { pagina: otra } = await nuevaPagina(navegador);
    await iniciarSesion(otra, base, 'demo', 'lider');
    await expect(otra.getByTestId('menu-grarecicladoMasivo').count()).resolves.toBe(0);
    await expect(otra.getByRole('heading', { name: M.estatusIccAtt }).count()).resolves.toBe(0);
    await expect(otra.getByRole('heading', { name: M.reciclarLineas }).count()).resolves.toBe(0);
    await otra.goto(`${base}/in/grarecicladoMasivo`);
    await otra.waitForURL(/\/in\/recargas$/);
    await otra.context().close();
  });
});
