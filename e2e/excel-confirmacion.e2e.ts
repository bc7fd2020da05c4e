import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/** Issue 18: 'Generar Excel' on Ventas confirms the file (rows and expiry), then downloads it. */
const { base } = sitio();
let navegador: Browser;
let pagina: Page;

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('Excel confirmation', () => {
  it('the sales Excel says how many rows it has and downloads the file', async () => {
    await pagina.goto(`${base}/in/ventas`);
    await pagina.getByTestId('tabla-ventas').locator('tbody tr').first().waitFor();
    const descarga = pagina.waitForEvent('download');
    await pagina.getByRole('button', { name: M.generarExcel }).click();
    const aviso = pagina.locator('.notistack-MuiContent', { hasText: 'Excel generado con' });
    await aviso.waitFor();
    expect(await aviso.textContent()).toMatch(
      /Excel generado con \d+ filas; disponible hasta \d{4}\/\d{2}\/\d{2}/,
    );
    expect((await descarga).suggestedFilename()).toMatch(/^ventas-.*\.xlsx$/);
  });
});
