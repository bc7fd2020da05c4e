import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/** Root switches company from the shell's bar (POST /cambiarEmpresa): theme, name and data follow. */
const { base } = sitio();
let navegador: Browser;
let pagina: Page;
let errores: string[];

const barra = () => pagina.locator('header').first();
const fondoBarra = () => barra().evaluate((el) => getComputedStyle(el).backgroundColor);
const selector = () => pagina.getByTestId('cambiar-empresa');

beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

describe('root switches the company of the session in Chromium', () => {
  for (const ancho of [1280, 800]) {
    it(`at ${ancho} px: the bar's colour and name, and the user list, become the chosen company's`, async () => {
      ({ pagina, errores } = await nuevaPagina(navegador, ancho));
      await iniciarSesion(pagina, base, 'demo', 'root');
      await expect(barra().textContent()).resolves.toContain('Recargas Demo');
      expect(await fondoBarra()).toBe('rgb(64, 128, 128)');

      await selector().click();
      await pagina.getByTestId('empresa-vcell').click();
      await pagina.waitForURL(/\/in\/recargas$/);
      await expect.poll(() => barra().textContent()).toContain('VCell');
      await expect.poll(fondoBarra).toBe('rgb(239, 108, 0)');
      await captura(pagina, `auth-cambiar-empresa-${ancho}`);

      // The data is vcell's: its only user is its admin (demo has root, lider, cliente...).
      await pagina.goto(`${base}/in/usuarios`);
      const tabla = pagina.locator('table');
      await tabla.getByText('Administrador VCell').waitFor();
      await expect(tabla.getByText('Cliente Demo').count()).resolves.toBe(0);

      // And back again.
      await selector().click();
      await pagina.getByTestId('empresa-demo').click();
      await expect.poll(() => barra().textContent()).toContain('Recargas Demo');
      await expect.poll(fondoBarra).toBe('rgb(64, 128, 128)');
      expect(errores).toEqual([]);
      await pagina.close();
    });
  }

  it('an administrator has no selector', async () => {
    ({ pagina, errores } = await nuevaPagina(navegador));
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.getByTestId('menu-recargas').waitFor();
    await expect(pagina.getByRole('button', { name: M.cambiarEmpresa }).count()).resolves.toBe(0);
    await pagina.close();
  });
});
