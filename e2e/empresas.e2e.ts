import { M, texto } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, colorEn, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * /in/configuraciones as teletrial's administrator (no other browser test uses teletrial, so its
 * changed theme disturbs none), at the spec's mobile width of 800 px.
 */
const { base } = sitio();
const ANCHO = 800;
const NUEVO_PRIMARIO = '#e91e63';
const PRIMARIO_ANTES = '#6a1b9a';
let navegador: Browser;
let pagina: Page;
let errores: string[];

const aviso = (t: string) => pagina.locator('#notistack-snackbar', { hasText: t });
const campo = (nombre: string) => pagina.locator(`input[name="${nombre}"]`);
const guardar = () => pagina.getByRole('button', { name: M.guardar, exact: true });
/** The shell's own app bar: the first header of the page (the preview's comes later). */
const barraShell = () => pagina.locator('header').first();
const fondo = (selector: ReturnType<Page['locator']>) =>
  selector.evaluate((el) => getComputedStyle(el).backgroundColor);
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const distancia = (a: string, b: string) =>
  Math.max(
    ...[1, 3, 5].map((i) =>
      Math.abs(Number.parseInt(a.slice(i, i + 2), 16) - Number.parseInt(b.slice(i, i + 2), 16)),
    ),
  );
/** The colour a few pixels inside the top-left corner of an element, clear of its text. */
async function colorDe(selector: ReturnType<Page['locator']>) {
  const caja = await selector.boundingBox();
  if (!caja) throw new Error('sin caja');
  return colorEn(pagina, caja.x + 4, caja.y + 4);
}
/** Tabs until the focused element is the input named `nombre` (keyboard only). */
async function tabularHasta(nombre: string) {
  for (let i = 0; i < 20; i++) {
    await pagina.keyboard.press('Tab');
    if (await pagina.evaluate((n) => (document.activeElement as HTMLInputElement | null)?.name === n, nombre))
      return;
  }
  throw new Error(`el tabulador no llegó a ${nombre}`);
}
/** A small solid PNG, as a logo file. */
function logoPng() {
  const png = new PNG({ width: 40, height: 20 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([0, 150, 136, 255], i);
  return PNG.sync.write(png);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador, ANCHO));
  await iniciarSesion(pagina, base, 'teletrial', 'admin');
});
afterAll(() => navegador?.close());

describe('settings screen (configuraciones) in Chromium at 800 px', () => {
  it('is in the administrator menu and fits 800 px', async () => {
    await pagina.getByRole('button', { name: M.abrirMenu }).click();
    await pagina.getByTestId('menu-configuraciones').click();
    await pagina.waitForURL(/\/in\/configuraciones$/);
    await pagina.getByRole('heading', { name: M.configuraciones }).waitFor();
    await expect(campo('primaryColor').inputValue()).resolves.toBe(PRIMARIO_ANTES);
    await expect(pagina.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      ANCHO,
    );
    await expect(guardar().isDisabled()).resolves.toBe(true);
  });

  it('a typed colour shows at once in the preview, not yet in the shell; bad colours and unreadable text block Guardar', async () => {
    await campo('primaryColor').fill(NUEVO_PRIMARIO);
    await expect.poll(() => fondo(pagina.getByTestId('vista-barra'))).toBe(rgb(NUEVO_PRIMARIO));
    expect(distancia(await colorDe(pagina.getByTestId('vista-barra')), NUEVO_PRIMARIO)).toBeLessThanOrEqual(
      6,
    );
    await expect(fondo(barraShell())).resolves.toBe(rgb(PRIMARIO_ANTES));

    await campo('accentColor').fill('rojo');
    await pagina.getByText(M.colorInvalido).waitFor();
    await expect(guardar().isDisabled()).resolves.toBe(true);
    await campo('accentColor').fill('#26c6da');
    await campo('fontColor').fill('#fafafa');
    await expect.poll(() => pagina.getByText(M.contrasteInsuficiente).count()).toBe(2);
    await expect(guardar().isDisabled()).resolves.toBe(true);
    await campo('fontColor').fill('#000000');
    await expect(pagina.getByText(M.contrasteInsuficiente).count()).resolves.toBe(0);
    await expect(guardar().isEnabled()).resolves.toBe(true);
  });

  it('the server refuses a file that only claims to be an image, with its message in a toast', async () => {
    await campo('logo').setInputFiles({
      name: 'falso.png',
      mimeType: 'image/png',
      buffer: Buffer.from('hola'),
    });
    await pagina.getByText(texto('logoElegido', { nombre: 'falso.png' })).waitFor();
    await guardar().click();
    await aviso(M.logoTipoInvalido).waitFor();
    // The colour was saved before the logo was refused; the shell shows it.
    await expect.poll(() => fondo(barraShell())).toBe(rgb(NUEVO_PRIMARIO));
  });

  it('keyboard only: switch features and save with a logo; the shell, the menu and the recargas screen follow', async () => {
    await campo('logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
    await expect
      .poll(() => pagina.getByTestId('logo-vista').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    await campo('fontColor').focus();
    await tabularHasta('recargaSinUsuario');
    await pagina.keyboard.press('Space');
    await tabularHasta('enviarMonto');
    await pagina.keyboard.press('Space');
    await expect(campo('recargaSinUsuario').isChecked()).resolves.toBe(true);
    await expect(campo('enviarMonto').isChecked()).resolves.toBe(false);
    await captura(pagina, 'configuraciones-antes-de-guardar');
    for (let i = 0; i < 10 && !(await guardar().evaluate((b) => b === document.activeElement)); i++) {
      await pagina.keyboard.press('Tab');
    }
    await pagina.keyboard.press('Enter');
    await aviso(M.configuracionRealizada).waitFor();

    // The shell's own app bar now has the new colour, by computed style and by pixel.
    await expect.poll(() => fondo(barraShell())).toBe(rgb(NUEVO_PRIMARIO));
    expect(distancia(await colorDe(barraShell()), NUEVO_PRIMARIO)).toBeLessThanOrEqual(6);
    // The menu shows the uploaded logo (served by the API) and the no-user top-up item, without a new login.
    await pagina.getByRole('button', { name: M.abrirMenu }).click();
    const logoMenu = pagina.locator('nav img').first();
    await expect.poll(() => logoMenu.getAttribute('src')).toMatch(/^\/getEmpresa\/teletrial\/logo\?v=/);
    await expect
      .poll(() => logoMenu.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(40);
    await pagina.getByTestId('menu-configRecargasSinUsuario').waitFor();
    await captura(pagina, 'configuraciones-menu');
    // The amount select is gone from the top-up screen.
    await pagina.getByTestId('menu-recargas').click();
    await pagina.waitForURL(/\/in\/recargas$/);
    await campo('compania').waitFor({ state: 'attached' });
    await expect(campo('monto').count()).resolves.toBe(0);
  });

  it('the history lists each change with who, the old and the new value, and survives a reload', async () => {
    await pagina.goto(`${base}/in/configuraciones`);
    const tabla = pagina.getByTestId('tabla-auditoria');
    const fila = (ajuste: string) => tabla.locator('tbody tr', { hasText: ajuste });
    await fila(M.colorPrimario).waitFor();
    await expect(fila(M.colorPrimario).locator('td').allTextContents()).resolves.toEqual([
      expect.any(String),
      'admin',
      M.colorPrimario,
      PRIMARIO_ANTES,
      NUEVO_PRIMARIO,
    ]);
    await expect(fila(M.funcionEnviarMonto).locator('td').nth(3).textContent()).resolves.toBe(M.si);
    await expect(fila(M.funcionEnviarMonto).locator('td').nth(4).textContent()).resolves.toBe(M.no);
    await expect(fila(M.recargasSinUsuario).locator('td').nth(4).textContent()).resolves.toBe(M.si);
    await expect(fila(M.logo).locator('td').nth(3).textContent()).resolves.toBe(M.sinLogo);
    await expect(fila(M.logo).locator('td').nth(4).textContent()).resolves.toMatch(
      /\/getEmpresa\/teletrial\/logo/,
    );
    await pagina.getByText(texto('registros', { n: 4 })).waitFor();
    await expect(fondo(barraShell())).resolves.toBe(rgb(NUEVO_PRIMARIO));
    await expect(pagina.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(
      ANCHO,
    );
    await captura(pagina, 'configuraciones-historial');
    // The refused upload answered 415: the one console error a browser logs for it.
    expect(errores.filter((e) => !e.includes('415'))).toEqual([]);
  });

  it("the company's login page shows the new logo and colour to a visitor", async () => {
    const visitante = await nuevaPagina(navegador, ANCHO);
    await visitante.pagina.goto(`${base}/teletrial`);
    const logo = visitante.pagina.getByRole('img', { name: 'Teletrial' });
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(40);
    await expect(fondo(visitante.pagina.getByTestId('login-submit'))).resolves.toBe(rgb(NUEVO_PRIMARIO));
    expect(visitante.errores).toEqual([]);
    await visitante.pagina.context().close();
  });
});
