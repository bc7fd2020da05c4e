import { M } from '@recargas/contracts/mensajes';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, CHROMIUM, iniciarSesion } from './navegador.ts';
import { sitio } from './sitio.ts';
import { paginaDe, TAMANOS, type Tamano } from './telefono.ts';

/**
 * Issue 41, a network drop at the top-up form, at 1280×800 and on a 390×844 touch phone: offline
 * before the first toast, the toast still shows, in Spanish (no 'Network Error'); Recargar pressed
 * again once back online reuses the Idempotency-Key, so an answer lost on the way costs one top-up.
 */
const { base, sim } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

/** How many sends the simulated providers have received, over every account. */
async function envios(): Promise<number> {
  const libro = (await (await fetch(`${sim}/libro`)).json()) as Record<
    string,
    { recibidos: Record<string, number> }
  >;
  return Object.values(libro).reduce((n, c) => n + Object.values(c.recibidos).reduce((a, b) => a + b, 0), 0);
}

let n = 0;
const dnNuevo = () => `56${String(40_000_000 + ++n).slice(-8)}`;

/** The form filled for a top-up by number, with the admin's amount ($30) and Telcel. */
async function llenar(pagina: Page, dn: string) {
  const elegir = async (etiqueta: string, opcion: string) => {
    await pagina.getByLabel(etiqueta).click();
    await pagina.getByRole('option', { name: opcion, exact: true }).click();
  };
  await pagina.getByLabel(M.porDn).check();
  await pagina.locator('input[name="dn"]').fill(dn);
  await pagina.locator('input[name="dn2"]').fill(dn);
  await elegir(M.compania, 'Telcel');
  await elegir(M.monto, '$30');
}

/** Each checkOut's Idempotency-Key, in order (failed sends too). */
function claves(pagina: Page): string[] {
  const vistas: string[] = [];
  pagina.on('request', (r) => {
    if (r.url().endsWith('/checkOut')) vistas.push(r.headers()['idempotency-key'] ?? '');
  });
  return vistas;
}

const panel = (pagina: Page) => pagina.getByTestId('resultado-recarga');
const aviso = (pagina: Page, texto: string) => pagina.locator('#notistack-snackbar', { hasText: texto });
const recargar = (pagina: Page, t: Tamano) =>
  t.tactil ? pagina.getByTestId('recargar').tap() : pagina.getByTestId('recargar').click();

describe.each(TAMANOS)('network loss at the top-up form, $nombre', (t) => {
  let pagina: Page;
  let errores: string[];
  beforeAll(async () => {
    ({ pagina, errores } = await paginaDe(navegador, t));
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.waitForURL(/\/in\/recargas$/);
    // The service worker, which keeps the toasts' modules, controls the page.
    await pagina.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: 30_000,
    });
  });
  afterAll(() => pagina?.context().close());

  it('offline before any toast: a Spanish message in toast and panel; back online the same key, one top-up', async () => {
    const vistas = claves(pagina);
    const antes = await envios();
    const dn = dnNuevo();
    await llenar(pagina, dn);
    await pagina.context().setOffline(true);
    await recargar(pagina, t);
    await panel(pagina).getByText(M.errorRed, { exact: true }).waitFor();
    await aviso(pagina, M.errorRed).waitFor();
    expect(await pagina.getByText('Network Error').count()).toBe(0);

    await pagina.context().setOffline(false);
    await recargar(pagina, t);
    await panel(pagina).getByText(M.recargaExitosa).waitFor();
    await aviso(pagina, M.recargaExitosa).waitFor();
    expect(vistas).toHaveLength(2);
    expect(vistas[1]).toBe(vistas[0]);
    expect(await envios()).toBe(antes + 1);
    expect(errores.filter((e) => /dynamically imported module|Network Error/.test(e))).toEqual([]);
  });

  it('an answer lost on the way: Recargar again answers the first top-up and sends nothing more', async () => {
    const vistas = claves(pagina);
    const antes = await envios();
    await llenar(pagina, dnNuevo());
    // The server gets the top-up and answers; the answer never reaches the browser.
    await pagina.route('**/checkOut', async (r) => {
      await r.fetch();
      await r.abort('internetdisconnected');
    });
    await recargar(pagina, t);
    await panel(pagina).getByText(M.errorRed, { exact: true }).waitFor();
    await pagina.unroute('**/checkOut');
    await recargar(pagina, t);
    await panel(pagina).getByText(M.recargaExitosa).waitFor();
    expect(vistas).toHaveLength(2);
    expect(vistas[1]).toBe(vistas[0]);
    expect(await envios()).toBe(antes + 1);
  });
});

describe('without the service worker', () => {
  let contexto: BrowserContext;
  afterAll(() => contexto?.close());

  it('a toast module that failed offline is fetched again at the next toast', async () => {
    const b = await (await import('playwright-core')).chromium.launch(CHROMIUM);
    contexto = await b.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const pagina = await contexto.newPage();
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.waitForURL(/\/in\/recargas$/);
    await llenar(pagina, dnNuevo());
    await contexto.setOffline(true);
    await pagina.getByTestId('recargar').click();
    await panel(pagina).getByText(M.errorRed, { exact: true }).waitFor();
    await contexto.setOffline(false);
    await pagina.getByTestId('recargar').click();
    await aviso(pagina, M.recargaExitosa).waitFor({ timeout: 10_000 });
    await b.close();
  });
});
