import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/** An administrator sends a notification from the bar; a client finds it once under the bell. */
const { base } = sitio();
let navegador: Browser;
let pagina: Page;
let errores: string[];

const TITULO = `Aviso ${Date.now()}`;

beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

describe('POST /sendNotification in Chromium', () => {
  it('the form checks the title, sends once on a double click, and the client gets it once', async () => {
    ({ pagina, errores } = await nuevaPagina(navegador, 800));
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.getByRole('button', { name: M.enviarNotificacion }).click();
    const dialogo = pagina.getByRole('dialog');
    await dialogo.getByRole('button', { name: M.enviar, exact: true }).click();
    await dialogo.getByText(M.notificacionSinTitulo).waitFor();
    await dialogo.locator('input[name="titulo"]').fill(TITULO);
    await dialogo.locator('textarea[name="texto"]').fill('El sábado no habrá servicio de 2 a 4.');
    await captura(pagina, 'notificaciones-envio-800');
    await dialogo.getByRole('button', { name: M.enviar, exact: true }).dblclick();
    await pagina
      .locator('#notistack-snackbar', { hasText: /Notificación enviada a \d+ usuarios/ })
      .first()
      .waitFor();
    expect(errores).toEqual([]);
    await pagina.close();

    ({ pagina, errores } = await nuevaPagina(navegador));
    await iniciarSesion(pagina, base, 'demo', 'cliente');
    await expect(pagina.getByRole('button', { name: M.enviarNotificacion }).count()).resolves.toBe(0);
    await pagina.getByTestId('campana').click();
    const lista = pagina.getByTestId('lista-notificaciones');
    await lista.getByText(TITULO).waitFor();
    await expect(lista.getByText(TITULO).count()).resolves.toBe(1);
    await captura(pagina, 'notificaciones-envio-cliente');
    expect(errores).toEqual([]);
  });
});
