import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { captura, sesionDelArchivo } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
const sesion = sesionDelArchivo('demo', 'lider');

describe('release notes in Chromium', () => {
  it("the menu and the list show 'Nuevo' for the newest note, opened or not; the detail shows title, date, sections and image", async () => {
    await sesion.pagina.getByTestId('badge-nuevo').waitFor();
    await sesion.pagina.getByTestId('menu-actualizaciones').click();
    await sesion.pagina.waitForURL(/\/in\/actualizaciones$/);
    const lista = sesion.pagina.getByTestId('lista-actualizaciones');
    await lista.getByText('2025/01/07').waitFor();
    await expect(sesion.pagina.getByTestId('nota-nueva').count()).resolves.toBe(1);
    await lista.getByText('2023/01/25').click();
    await sesion.pagina.waitForURL(/\/in\/actualizaciones\/1$/);
    await sesion.pagina.getByRole('link', { name: M.volver }).click();
    await sesion.pagina.getByTestId('badge-nuevo').waitFor();

    await lista.getByText('2025/01/07').click();
    await sesion.pagina.waitForURL(/\/in\/actualizaciones\/5$/);
    await sesion.pagina.getByRole('heading', { level: 1, name: /Bait/ }).waitFor();
    await sesion.pagina.getByText('2025/01/07').waitFor();
    const imagen = sesion.pagina.locator('article img');
    await imagen.waitFor();
    await expect
      .poll(() =>
        imagen.evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await captura(sesion.pagina, 'actualizacion-detalle');

    // As the seed shows it: opened and after a reload, the newest note is still marked.
    await sesion.pagina.goto(`${base}/in/actualizaciones`);
    await sesion.pagina.getByTestId('lista-actualizaciones').getByText('2025/01/07').waitFor();
    await expect(sesion.pagina.getByTestId('nota-nueva').count()).resolves.toBe(1);
    await sesion.pagina.getByTestId('badge-nuevo').waitFor();
    expect(sesion.errores).toEqual([]);
  });
});
