import { API_AUDITORIA, RANGO_MAX_AUDITORIA, TITULOS_AUDITORIA } from '@recargas/contracts/auditoria';
import { M, texto } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descargarExcel } from './excel.ts';
import { campoFecha, escribir, rangoPideAlAceptar, seccion, tras } from './fechas.ts';
import { llamar } from './listas-datos.ts';
import { ANCHOS_DE_LISTA, abrirNavegador, iniciarSesion, nuevaPagina, paginaConSesion } from './navegador.ts';
import { sitio } from './sitio.ts';
import { alcance } from './tabla.ts';

/**
 * /in/auditoria (issue 22) as discovery's administrator (no other browser test uses discovery):
 * CAMBIOS setting changes and one minimum balance, made through the API, are the trail; the
 * list, a chip, the scroll to the last row at 1280 px (wheel) and 800 px (End key), and the range.
 */
const { base } = sitio();
const EMPRESA = 'discovery';
const CAMBIOS = 45;
let navegador: Browser;

const color = (i: number) => `#${(0x102030 + i * 0x010101).toString(16)}`;

beforeAll(async () => {
  navegador = await abrirNavegador();
  const { pagina } = await nuevaPagina(navegador);
  await iniciarSesion(pagina, base, EMPRESA, 'admin');
  for (let i = 0; i < CAMBIOS; i++) {
    const r = await llamar(pagina, '/api/configuraciones', {
      json: { accentColor: color(i) },
      metodo: 'PATCH',
    });
    expect(r.status).toBe(200);
  }
  const m = await llamar(pagina, '/minimos', {
    json: { minimos: [{ id: 1, minimo: 4321 }] },
    metodo: 'PATCH',
  });
  expect(m.status).toBe(200);
  await pagina.context().close();
}, 180_000);
afterAll(() => navegador?.close());

const total = async (pagina: Page) =>
  Number((await pagina.getByTestId('auditoria-total').textContent())?.replace(/\D/g, ''));

describe.each(ANCHOS_DE_LISTA)('auditoria screen at %i px', (ancho, modo) => {
  let pagina: Page;
  let errores: string[];
  beforeAll(async () => {
    ({ pagina, errores } = await paginaConSesion(navegador, ancho, EMPRESA, 'admin'));
  });
  afterAll(() => pagina.context().close());

  it('is in the menu and lists the changes, newest first, with who and what', async () => {
    if (ancho < 900) await pagina.getByRole('button', { name: M.abrirMenu }).click();
    const primera = pagina.waitForResponse((r) => new URL(r.url()).pathname === API_AUDITORIA.lista);
    await pagina.getByTestId('menu-auditoria').click();
    await pagina.waitForURL(/\/in\/auditoria$/);
    expect((await primera).status()).toBe(200);
    await pagina.getByRole('heading', { level: 1, name: M.auditoria }).waitFor();
    await pagina.getByTestId('auditoria-total').waitFor();
    expect(await total(pagina)).toBe(CAMBIOS + 1);
    const encabezados = await pagina.getByTestId('tabla-rastro').locator('thead th').allTextContents();
    expect(encabezados).toEqual(Object.values(TITULOS_AUDITORIA));
    const fila = await pagina
      .getByTestId('tabla-rastro')
      .locator('tbody tr[data-index="0"] td')
      .allTextContents();
    expect(fila.slice(1, 4)).toEqual(['admin', '127.0.0.1', M.tipoSaldoMinimo]);
    expect(fila[7]).toBe('minimo: 4321');
    await pagina.screenshot({ path: `test-results/auditoria-${ancho}.png` });
  });

  it('a chip keeps only the changes of that kind', async () => {
    await pagina.getByRole('button', { name: M.mostrarFiltros }).click();
    const campo = pagina.locator('input[name="filtro-tipo"]');
    await campo.fill('mínimo');
    await campo.press('Enter');
    await expect.poll(() => total(pagina)).toBe(1);
    await pagina.screenshot({ path: `test-results/auditoria-chip-${ancho}.png` });
    await pagina
      .getByRole('button', { name: /mínimo/ })
      .locator('svg')
      .click();
    await expect.poll(() => total(pagina)).toBe(CAMBIOS + 1);
  });

  it('scrolls to the last row, loading 20 at a time', async () => {
    const caja = pagina.getByTestId('tabla-rastro-caja');
    await caja.scrollIntoViewIfNeeded();
    const b = await caja.boundingBox();
    if (modo === 'rueda' && b) await pagina.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    else await caja.focus();
    const limite = Date.now() + 40_000;
    while ((await alcance(pagina, 'tabla-rastro')).ultima < CAMBIOS && Date.now() < limite) {
      if (modo === 'rueda') await pagina.mouse.wheel(0, 1500);
      else await pagina.keyboard.press('End');
      await pagina.waitForTimeout(150);
    }
    expect(await alcance(pagina, 'tabla-rastro')).toMatchObject({ ultima: CAMBIOS, cargadas: CAMBIOS + 1 });
    const ultima = await pagina
      .getByTestId('tabla-rastro')
      .locator(`tbody tr[data-index="${CAMBIOS}"] td`)
      .allTextContents();
    expect(ultima[7]).toBe(`accentColor: ${color(0)}`);
    await pagina.screenshot({ path: `test-results/auditoria-fin-${ancho}.png` });
    expect(errores).toEqual([]);
  });

  it('Generar Excel downloads the same rows', async () => {
    const { hoja } = await descargarExcel(pagina);
    expect(hoja.actualRowCount).toBe(CAMBIOS + 2);
    expect(texto('registros', { n: CAMBIOS + 1 })).toBe(
      await pagina.getByTestId('auditoria-total').textContent(),
    );
  });

  it('the range: typing asks nothing, Seleccionar asks once, over 93 days warns and asks nothing', async () => {
    const vistas = await rangoPideAlAceptar(
      pagina,
      API_AUDITORIA.lista,
      `test-results/auditoria-rango-${ancho}.png`,
    );
    // A year back: the server's rule, told before asking.
    const inicial = campoFecha(pagina, 'fechaInicial');
    const anio = Number((await seccion(inicial, 'Año').textContent()) ?? 0);
    await escribir(inicial, 'Año', String(anio - 1));
    await pagina.keyboard.press('Enter');
    await pagina.getByText(texto('auditoriaRangoMaximo', { dias: RANGO_MAX_AUDITORIA })).waitFor();
    expect(RANGO_MAX_AUDITORIA).toBe(93);
    expect(await tras(pagina, vistas)).toBe(1);
    await pagina.screenshot({ path: `test-results/auditoria-aviso-${ancho}.png` });
    expect(errores).toEqual([]);
  });
});
