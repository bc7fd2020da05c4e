import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';

const base = inject('baseURL');
let navegador: Browser;
let pagina: Page;
let errores: string[];

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'lider');
});
afterAll(() => navegador?.close());

describe('release notes in Chromium', () => {
  it("the menu and the list show 'Nuevo' for the newest note, opened or not; the detail shows title, date, sections and image", async () => {
    await pagina.getByTestId('badge-nuevo').waitFor();
    await pagina.getByTestId('menu-actualizaciones').click();
    await pagina.waitForURL(/\/in\/actualizaciones$/);
    const lista = pagina.getByTestId('lista-actualizaciones');
    await lista.getByText('07/01/2025').waitFor();
    await expect(pagina.getByTestId('nota-nueva').count()).resolves.toBe(1);
    await lista.getByText('25/01/2023').click();
    await pagina.waitForURL(/\/in\/actualizaciones\/1$/);
    await pagina.getByRole('link', { name: M.volver }).click();
    await pagina.getByTestId('badge-nuevo').waitFor();

    await lista.getByText('07/01/2025').click();
    await pagina.waitForURL(/\/in\/actualizaciones\/5$/);
    await pagina.getByRole('heading', { level: 1, name: /Bait/ }).waitFor();
    await pagina.getByText('07/01/2025').waitFor();
    const imagen = pagina.locator('article img');
    await imagen.waitFor();
    await expect
      .poll(() =>
        imagen.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await captura(pagina, 'actualizacion-detalle');

    // As the seed shows it: opened and after a reload, the newest note is still marked.
    await pagina.goto(`${base}/in/actualizaciones`);
    await pagina.getByTestId('lista-actualizaciones').getByText('07/01/2025').waitFor();
    await expect(pagina.getByTestId('nota-nueva').count()).resolves.toBe(1);
    await pagina.getByTestId('badge-nuevo').waitFor();
    expect(errores).toEqual([]);
  });
});
