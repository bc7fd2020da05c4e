import { mkdirSync } from 'node:fs';
import { M } from '@recargas/contracts/mensajes';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * Issue 18, top-up feedback at 1280 and 800 px: the result panel names number, carrier, amount
 * and folio; the amount is never chosen for the user; toasts never cover the form and never
 * stack three deep; a network failure says so in Spanish (issue 41: no 'Network Error').
 */
const { base, sim } = sitio();
const CARPETA = '/tmp/shots-recargas';
let navegador: Browser;

const fallas = (f: Record<string, number>) =>
  fetch(`${sim}/fallas`, { method: 'PUT', body: JSON.stringify(f) }).then((r) => r.json());

beforeAll(async () => {
  navegador = await abrirNavegador();
  mkdirSync(CARPETA, { recursive: true });
});
afterAll(() => navegador?.close());
afterEach(() => fallas({ tasaRechazo: 0, latenciaMs: 0 }));

/** Whether two boxes share any pixel. */
const seCruzan = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

let n = 0;
const dnNuevo = () => `55${String(30_000_000 + ++n).slice(-8)}`;

describe.each([1280, 800])('top-up result at %i px', (ancho) => {
  let pagina: Page;
  let checkOuts = 0;
  const campo = (nombre: string) => pagina.locator(`input[name="${nombre}"]`);
  const panel = () => pagina.getByTestId('resultado-recarga');
  const avisos = () => pagina.locator('.notistack-MuiContent');
  const valorEnPanel = (etiqueta: string): Locator => panel().locator(`td[data-campo="${etiqueta}"]`);

  async function elegir(etiqueta: string, opcion: string) {
    await pagina.getByLabel(etiqueta).click();
    await pagina.getByRole('option', { name: opcion, exact: true }).click();
  }
  async function porTelefono(dn: string) {
    await pagina.getByLabel(M.porDn).check();
    await campo('dn').fill(dn);
    await campo('dn2').fill(dn);
  }
  /** No toast shares a pixel with the form. */
  async function avisosFueraDelFormulario() {
    const formulario = await pagina.locator('form', { has: pagina.getByTestId('recargar') }).boundingBox();
    expect(formulario).not.toBeNull();
    for (const aviso of await avisos().all()) {
      const caja = await aviso.boundingBox();
      if (caja && formulario)
        expect(seCruzan(caja, formulario), JSON.stringify({ caja, formulario })).toBe(false);
    }
  }

  beforeAll(async () => {
    ({ pagina } = await nuevaPagina(navegador, ancho));
    pagina.on('request', (r) => {
      if (r.url().endsWith('/checkOut')) checkOuts++;
    });
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.waitForURL(/\/in\/recargas$/);
  });
  afterAll(() => pagina?.context().close());

  it('names number, carrier, amount and folio; the amount is empty after and must be chosen again', async () => {
    const dn = dnNuevo();
    await porTelefono(dn);
    await elegir(M.compania, 'Telcel');
    await elegir(M.monto, '$50');
    await pagina.getByTestId('recargar').click();
    await panel().getByText(M.recargaExitosa).waitFor();
    await expect(valorEnPanel(M.numeroTelefonico).textContent()).resolves.toBe(dn);
    await expect(valorEnPanel(M.compania).textContent()).resolves.toBe('Telcel');
    await expect(valorEnPanel(M.monto).textContent()).resolves.toBe('$50');
    await expect(valorEnPanel(M.folio).textContent()).resolves.toMatch(/\S/);
    // The toast says the same, number and carrier included.
    await avisos().filter({ hasText: dn }).filter({ hasText: 'Telcel' }).waitFor();
    await avisosFueraDelFormulario();
    await pagina.screenshot({ path: `${CARPETA}/recarga-exitosa-${ancho}.png`, fullPage: true });
    // Movements name the carrier and the status, as the sales report does.
    const fila = pagina.getByTestId('tabla-movimientos').locator('tr', { hasText: dn });
    await expect(fila.textContent()).resolves.toMatch(/Exitosa.*Telcel/);

    // The amount is not kept nor defaulted: the next top-up asks for it and sends nothing.
    await expect(campo('monto').inputValue()).resolves.toBe('');
    const antes = checkOuts;
    await porTelefono(dnNuevo());
    await pagina.getByTestId('recargar').click();
    await pagina.getByText(M.eligeMonto).waitFor();
    expect(checkOuts).toBe(antes);
  });

  it('a declined top-up shows its message and number in the panel; toasts stay out of the form', async () => {
    await fallas({ tasaRechazo: 1 });
    const dn = dnNuevo();
    await porTelefono(dn);
    await elegir(M.compania, 'Movistar');
    await elegir(M.monto, '$30');
    await pagina.getByTestId('recargar').click();
    await panel().getByText('Número no válido para recarga').waitFor();
    await expect(valorEnPanel(M.numeroTelefonico).textContent()).resolves.toBe(dn);
    await expect(valorEnPanel(M.compania).textContent()).resolves.toBe('Movistar');
    await avisosFueraDelFormulario();
    await pagina.screenshot({ path: `${CARPETA}/recarga-fallida-${ancho}.png`, fullPage: true });
  });

  it('three results in a row never stack three deep', async () => {
    for (let i = 0; i < 3; i++) {
      await porTelefono(dnNuevo());
      await elegir(M.monto, '$30');
      await pagina.getByTestId('recargar').click();
      await panel().getByText(M.recargaExitosa).waitFor();
      await pagina.waitForTimeout(400);
    }
    const visibles = await avisos().count();
    expect(visibles).toBeLessThanOrEqual(ancho > 800 ? 2 : 1);
    expect(visibles).toBeGreaterThanOrEqual(1);
    await avisosFueraDelFormulario();
  });

  it('a lost connection says so in Spanish, in the toast and the panel', async () => {
    await pagina.route('**/checkOut', (r) => r.abort('failed'));
    try {
      const dn = dnNuevo();
      await porTelefono(dn);
      await elegir(M.monto, '$30');
      await pagina.getByTestId('recargar').click();
      await panel().getByText(M.errorRed, { exact: true }).waitFor();
      await avisos().filter({ hasText: M.errorRed }).first().waitFor();
      await expect(valorEnPanel(M.numeroTelefonico).textContent()).resolves.toBe(dn);
      expect(await pagina.getByText(M.errorInesperado).count()).toBe(0);
    } finally {
      await pagina.unroute('**/checkOut');
    }
  });
});
