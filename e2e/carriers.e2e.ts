import { M, texto } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
let navegador: Browser;
let pagina: Page;
let errores: string[];

const aviso = (t: string) => pagina.locator('#notistack-snackbar', { hasText: t });
const selector = (etiqueta: string) => pagina.getByRole('combobox', { name: etiqueta, exact: false }).first();
/** Opens a select by its label, picks an option and waits for the list to close. */
async function elegir(etiqueta: string, opcion: string) {
  await selector(etiqueta).click();
  await pagina.getByRole('option', { name: opcion, exact: true }).click();
  await pagina.getByRole('listbox').waitFor({ state: 'detached' });
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('carrier platforms, platform user and comments in Chromium', () => {
  it('Recargas por tipo de carrier: one select per carrier with the default account as placeholder', async () => {
    await pagina.getByTestId('menu-recargasCarier').click();
    await pagina.waitForURL(/\/in\/recargasCarier$/);
    await pagina.getByRole('heading', { name: M.recargasPorCarrier }).waitFor();
    const predeterminado = texto('porDefecto', { usuario: 'demo', plataforma: 'Recargatodo' });
    await expect.poll(() => pagina.getByText(predeterminado).count()).toBe(6);
    for (const c of ['Telcel', 'Movistar', 'Unefon', 'AT&T', 'Virgin', 'Bait']) {
      await expect(selector(c).textContent()).resolves.toBe(predeterminado);
    }
    await selector('Telcel').click();
    await pagina.getByRole('option', { name: 'telcel_norte (Recargatodo)' }).waitFor();
    await pagina.getByRole('option', { name: 'pagaqui_centro (Pagaqui)' }).waitFor();
    await pagina.keyboard.press('Escape');
    await pagina.getByRole('listbox').waitFor({ state: 'detached' });
  });

  it('Registrar nuevo usuario: both messages, then back to recargasCarier with the new user listed', async () => {
    await pagina.getByRole('button', { name: M.registrarNuevoUsuario }).click();
    await pagina.waitForURL(/\/in\/nuevoUsuarioPlataforma$/);
    await pagina.getByText(M.seleccionaPlataforma).waitFor();
    await pagina.getByRole('button', { name: M.registrar }).click();
    await expect(pagina.getByTestId('error-registro').textContent()).resolves.toBe(M.debesUsername);
    await pagina.locator('input[name="username"]').fill('e2e_unefon');
    await pagina.getByRole('button', { name: M.registrar }).click();
    await expect(pagina.getByTestId('error-registro').textContent()).resolves.toBe(M.debesPlataforma);
    await expect(pagina.locator('input[name="username"]').getAttribute('maxlength')).resolves.toBe('50');
    await expect(pagina.locator('input[name="canal"]').getAttribute('maxlength')).resolves.toBe('50');
    await pagina.locator('input[name="canal"]').fill('Canal e2e');
    await elegir(M.plataforma, 'Pagaqui');
    await pagina.getByRole('button', { name: M.registrar }).click();
    await pagina.waitForURL(/\/in\/recargasCarier$/);
    await aviso(M.registradoCorrectamente).waitFor();

    await elegir('Unefon', 'e2e_unefon (Pagaqui)');
    await aviso(M.actualizadoCorrectamente).waitFor();
    await pagina.reload();
    await selector('Unefon').getByText('e2e_unefon (Pagaqui)').waitFor();
    await captura(pagina, 'recargas-carrier');
    // Back to the default account.
    await elegir('Unefon', texto('porDefecto', { usuario: 'demo', plataforma: 'Recargatodo' }));
    await aviso(M.actualizadoCorrectamente).waitFor();
  });

  it('a repeated username shows the server message in red', async () => {
    await pagina.goto(`${base}/in/nuevoUsuarioPlataforma`);
    await pagina.locator('input[name="username"]').fill('e2e_unefon');
    await elegir(M.plataforma, 'Pagaqui');
    await pagina.getByRole('button', { name: M.registrar }).click();
    await expect(pagina.getByTestId('error-registro').textContent()).resolves.toBe(
      texto('usuarioPlataformaExiste', { username: 'e2e_unefon' }),
    );
    await expect(pagina.url()).toMatch(/nuevoUsuarioPlataforma$/);
  });

  it('Comentarios por tipo de carrier: saved, then shown on the top-up screen for that carrier only', async () => {
    await pagina.goto(`${base}/in/recargasCarier`);
    await pagina.getByRole('button', { name: M.comentariosPorCarrier }).click();
    await pagina.waitForURL(/\/in\/comentariosCarier$/);
    const telcel = pagina.locator('textarea[name="comentario-T"]');
    await telcel.fill('Telcel: recargas de 30 a 200 sin demora');
    await pagina.getByRole('button', { name: M.enviar, exact: true }).click();
    await aviso(M.comentariosGuardados).waitFor();

    await pagina.getByTestId('menu-recargas').click();
    await pagina.waitForURL(/\/in\/recargas$/);
    await elegir(M.compania, 'Telcel');
    await expect(pagina.getByTestId('comentario-carrier').textContent()).resolves.toBe(
      'Telcel: recargas de 30 a 200 sin demora',
    );
    await elegir(M.compania, 'Movistar');
    await pagina.getByTestId('comentario-carrier').waitFor({ state: 'detached' });
    await elegir(M.compania, 'Bait');
    await pagina.getByTestId('comentario-carrier').waitFor();
    // Only the refused repeated username (409) reached the console.
    expect(errores.filter((e) => !e.includes('409'))).toEqual([]);
  });

  it('a leader does not see the menu item and is sent away from the screen', async () => {
    const { pagina: otra } = await nuevaPagina(navegador);
    await iniciarSesion(otra, base, 'demo', 'lider');
    await expect(otra.getByTestId('menu-recargasCarier').count()).resolves.toBe(0);
    await otra.goto(`${base}/in/recargasCarier`);
    await otra.waitForURL(/\/in\/recargas$/);
    await otra.context().close();
  });
});
