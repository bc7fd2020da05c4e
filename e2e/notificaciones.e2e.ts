import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
let navegador: Browser;
let pagina: Page;

async function guardarMinimos(recargatodo: string, pagaqui: string) {
  await pagina.goto(`${base}/in/saldos`);
  await pagina.locator('input[name="minimo-1"]').fill(recargatodo);
  await pagina.locator('input[name="minimo-2"]').fill(pagaqui);
  await pagina.getByRole('button', { name: M.guardar }).click();
  await pagina.locator('#notistack-snackbar', { hasText: M.actualizadoCorrectamente }).waitFor();
}

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'root');
});
afterAll(async () => {
  await guardarMinimos('0', '0').catch(() => undefined);
  await navegador?.close();
});

describe('in-app notifications in Chromium', () => {
  it('a minimum above the balance notifies once per bag: the bell counts it, opening it lists and reads it', async () => {
    await pagina.getByTestId('campana').waitFor();
    const badge = pagina.getByTestId('campana-sin-leer').locator('.MuiBadge-badge');
    // Earlier browser tests on this server may have left notifications (a finished block):
    // opening the list reads them, so the count below is this test's alone.
    await pagina.getByTestId('campana').click();
    await pagina.keyboard.press('Escape');
    await pagina.reload();
    await pagina.getByTestId('campana').waitFor();
    await expect.poll(() => badge.evaluate((b) => b.classList.contains('MuiBadge-invisible'))).toBe(true);
    await guardarMinimos('0', '90000000');
    await pagina.reload();
    // Pagaqui's two bags (MOVISTAR, IUSA_UNEFON) both crossed: one notification each.
    await expect.poll(() => badge.textContent()).toBe('2');
    await pagina.getByTestId('campana').click();
    const lista = pagina.getByTestId('lista-notificaciones');
    await lista.getByText(/Pagaqui \(MOVISTAR\)/).waitFor();
    await lista.getByText(/Pagaqui \(IUSA_UNEFON\)/).waitFor();
    await expect(lista.getByText(M.asuntoSaldoBajo).count()).resolves.toBe(2);
    await pagina.keyboard.press('Escape');
    await pagina.reload();
    await pagina.getByTestId('campana').waitFor();
    await expect.poll(() => badge.evaluate((b) => b.classList.contains('MuiBadge-invisible'))).toBe(true);
    // Saving again while still under the minimum is the same crossing: nothing new.
    await guardarMinimos('0', '90000001');
    await pagina.reload();
    await pagina.getByTestId('campana').waitFor();
    await expect.poll(() => badge.evaluate((b) => b.classList.contains('MuiBadge-invisible'))).toBe(true);
  });
});
