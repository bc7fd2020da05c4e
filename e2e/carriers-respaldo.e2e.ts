import { M, texto } from '@recargas/contracts/mensajes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/** Failover between platforms (issue 22): the second platform per carrier and each platform's state. */
const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

describe.each([
  [1280, 'Movistar'],
  [800, 'Virgin'],
])('carriers: second platform and platform states at %i px', (ancho, carrier) => {
  it(`picks Pagaqui as ${carrier}'s second platform, sees it saved, then clears it`, async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/recargasCarier`);
    await pagina.getByRole('heading', { name: M.recargasPorCarrier }).waitFor();
    const respaldo = pagina.getByRole('combobox', { name: `${M.plataformaRespaldo} (${carrier})` });
    await expect.poll(() => respaldo.textContent()).toBe(M.sinRespaldo);
    await respaldo.click();
    // Only the other platform's users: the first is platform 1 (the default account).
    const opciones = await pagina.getByRole('option').allTextContents();
    expect(opciones[0]).toBe(M.sinRespaldo);
    expect(opciones).toContain('pagaqui_centro (Pagaqui)');
    expect(opciones.slice(1).every((o) => o.endsWith('(Pagaqui)'))).toBe(true);
    await pagina.getByRole('option', { name: 'pagaqui_centro (Pagaqui)' }).click();
    await pagina.locator('#notistack-snackbar', { hasText: M.actualizadoCorrectamente }).waitFor();
    await pagina.reload();
    await expect.poll(() => respaldo.textContent()).toBe('pagaqui_centro (Pagaqui)');
    // The first platform stays the default account.
    await expect(pagina.getByRole('combobox', { name: carrier }).first().textContent()).resolves.toBe(
      texto('porDefecto', { usuario: 'demo', plataforma: 'Recargatodo' }),
    );
    await captura(pagina, `carriers-respaldo-${ancho}`);
    const caja = await respaldo.boundingBox();
    expect((caja?.x ?? 0) + (caja?.width ?? 0)).toBeLessThanOrEqual(ancho);

    await respaldo.click();
    await pagina.getByRole('option', { name: M.sinRespaldo }).click();
    await pagina.locator('#notistack-snackbar', { hasText: M.actualizadoCorrectamente }).last().waitFor();
    await expect.poll(() => respaldo.textContent()).toBe(M.sinRespaldo);
    expect(errores).toEqual([]);
    await pagina.context().close();
  });

  it('the balances screen shows each platform’s state', async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/saldos`);
    await pagina.getByRole('heading', { name: M.estadoPlataformas }).waitFor();
    for (const [n, nombre] of [
      [1, 'Recargatodo'],
      [2, 'Pagaqui'],
    ] as const) {
      const estado = pagina.getByTestId(`estado-plataforma-${n}`);
      await estado.getByText(nombre).waitFor();
      await estado.getByText(M.estadoDisponible).waitFor();
    }
    await captura(pagina, `saldos-estados-${ancho}`);
    expect(errores, errores.join('\n')).toEqual([]);
    await pagina.context().close();
  });
});
