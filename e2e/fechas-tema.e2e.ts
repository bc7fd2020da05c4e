import { CONTRASTE_MINIMO, contraste } from '@recargas/contracts/colores';
import { API_EMPRESAS } from '@recargas/contracts/empresas';
import { fechaHora } from '@recargas/contracts/fechas';
import { API_RECARGAS, MONTOS } from '@recargas/contracts/recargas/reglas';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { llamar } from './listas-datos.ts';
import { abrirNavegador, captura, iniciarSesion } from './navegador.ts';
import { sitio } from './sitio.ts';
import { paginaDe, TAMANOS } from './telefono.ts';

/**
 * Issue 41, items 4 and 6, at 1280×800 and on a 390×844 touch phone, in gsmoviles (no other
 * browser test uses it, so its changed theme disturbs none): a movement's date is written
 * yyyy/mm/dd HH:mm:ss on the company's clock (Mexico City) by a browser whose own clock is
 * Tokyo's, and a light company colour keeps 4.5:1 under the app bar's and the buttons' text,
 * and as the login heading's text.
 */
const { base } = sitio();
const EMPRESA = 'gsmoviles';
const ZONA_EMPRESA = 'America/Mexico_City';
const ZONA_NAVEGADOR = 'Asia/Tokyo';
const TEMA_ANTES = { primaryColor: '#2e7d32' };
let navegador: Browser;

/** The contrast of an element's text with what is painted under it (the nearest opaque background). */
const contrasteDe = (l: Locator) =>
  l.evaluate((el) => {
    const hex = (c: string) =>
      `#${(c.match(/\d+(\.\d+)?/g) ?? [])
        .slice(0, 3)
        .map((n) => Number(n).toString(16).padStart(2, '0'))
        .join('')}`;
    const opaco = (c: string) => !/rgba\(.*,\s*0\)$/.test(c) && c !== 'transparent';
    let fondo: Element | null = el;
    while (fondo && !opaco(getComputedStyle(fondo).backgroundColor)) fondo = fondo.parentElement;
    return {
      texto: hex(getComputedStyle(el).color),
      fondo: hex(fondo ? getComputedStyle(fondo).backgroundColor : 'rgb(255, 255, 255)'),
    };
  });

async function leible(l: Locator, que: string) {
  const { texto, fondo } = await contrasteDe(l);
  expect(contraste(texto, fondo), `${que}: ${texto} sobre ${fondo}`).toBeGreaterThanOrEqual(CONTRASTE_MINIMO);
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  // The company has one top-up of its own to list.
  const { pagina } = await paginaDe(navegador, TAMANOS[0]);
  await iniciarSesion(pagina, base, EMPRESA, 'admin');
  const dn = `55${String(Date.now()).slice(-8)}`;
  const r = await llamar(pagina, API_RECARGAS.recargar, {
    json: { dn, compania: 'T', plataforma: 1, monto: MONTOS[0] },
  });
  expect([200, 202], JSON.stringify(r.cuerpo)).toContain(r.status);
  await pagina.context().close();
});

afterAll(async () => {
  if (!navegador) return;
  const { pagina } = await paginaDe(navegador, TAMANOS[0]);
  await iniciarSesion(pagina, base, EMPRESA, 'admin');
  await llamar(pagina, API_EMPRESAS.configuraciones, { json: TEMA_ANTES, metodo: 'PATCH' });
  await navegador.close();
});

describe.each(TAMANOS)('dates and theme colours at $ancho×$alto', (t) => {
  let pagina: Page;
  let errores: string[];
  beforeAll(async () => {
    ({ pagina, errores } = await paginaDe(navegador, t, ZONA_NAVEGADOR));
  });
  afterAll(() => pagina?.context().close());

  it("a movement's date is yyyy/mm/dd HH:mm:ss on the company's clock, not the browser's", async () => {
    const movimientos = pagina.waitForResponse((r) => new URL(r.url()).pathname === API_RECARGAS.movimientos);
    await iniciarSesion(pagina, base, EMPRESA, 'admin');
    if (!pagina.url().endsWith('/in/recargas')) await pagina.goto(`${base}/in/recargas`);
    const lista = (await (await movimientos).json()) as { movimientos: { fecha: string }[] };
    const iso = lista.movimientos[0]?.fecha ?? '';
    const esperada = fechaHora(iso, ZONA_EMPRESA);
    expect(esperada).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    await pagina.getByText(esperada).first().waitFor({ timeout: 10_000 });
    // Tokyo's clock is 15 hours ahead: that reading of the same instant is nowhere.
    expect(await pagina.getByText(fechaHora(iso, ZONA_NAVEGADOR)).count()).toBe(0);
    await captura(pagina, `fechas-tema-${t.nombre}`);
  });

  // Yellow: MUI would write the yellow itself as text on white (1.07:1). The orange:
  // MUI would write white on it (3.1:1).
  it.each(['#ffff00', '#ef6c00'])('the company colour %s keeps 4.5:1 under and as text', async (color) => {
    const r = await llamar(pagina, API_EMPRESAS.configuraciones, {
      json: { primaryColor: color },
      metodo: 'PATCH',
    });
    expect(r.status, JSON.stringify(r.cuerpo)).toBe(200);
    await pagina.goto(`${base}/in/recargas`);
    const barra = pagina.locator('header.MuiAppBar-root').first();
    const rgb = `rgb(${[1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16)).join(', ')})`;
    await expect.poll(() => barra.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
    await leible(barra, 'barra');
    const botones = pagina.locator('.MuiButton-containedPrimary:not(.Mui-disabled):visible');
    await botones.first().waitFor();
    for (const b of await botones.all()) await leible(b, `botón ${await b.textContent()}`);
    // The settings' preview shows the admin those same text colours.
    await pagina.goto(`${base}/in/configuraciones`);
    await pagina.getByTestId('vista-titulo').waitFor();
    for (const id of ['vista-barra', 'vista-titulo', 'vista-boton']) await leible(pagina.getByTestId(id), id);
    await captura(pagina, `fechas-tema-vista-${t.nombre}-${color.slice(1)}`);
    // The login, before any session: its heading is written in the company colour on the page.
    const login = await paginaDe(navegador, t);
    await login.pagina.goto(`${base}/${EMPRESA}`);
    const titulo = login.pagina.getByRole('heading', { level: 1 });
    await titulo.waitFor();
    await leible(titulo, 'título');
    await leible(login.pagina.getByTestId('login-submit'), 'botón de entrar');
    // A focused field's label is written in the company colour.
    await login.pagina.locator('input[name="username"]').focus();
    await leible(login.pagina.locator('label.Mui-focused').first(), 'etiqueta enfocada');
    await captura(login.pagina, `fechas-tema-login-${t.nombre}-${color.slice(1)}`);
    await login.pagina.context().close();
    expect(errores).toEqual([]);
  });
});
