import { API_LINEAS } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { rangoPideAlAceptar } from './fechas.ts';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

// The range of Administrar base asks only for a range accepted in the picker.
const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

describe.each([1280, 800])('line inventory date range at %i px', (ancho) => {
  it('administrarBase: typing asks nothing, Seleccionar asks once', async () => {
    const { pagina } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/administrarBase`);
    await pagina.getByRole('dialog').getByRole('button', { name: M.entendido }).click();
    await pagina.getByTestId('lineas-total').waitFor();
    await rangoPideAlAceptar(pagina, API_LINEAS.lineas, `/tmp/shots-fechas/lineas-${ancho}.png`);
    await pagina.context().close();
  });
});
