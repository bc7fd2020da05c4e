import { API_PORTABILIDADES } from '@recargas/contracts/portabilidades';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { rangoPideAlAceptar } from './fechas.ts';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

// The ranges of Portabilidades and Inventario ask only for a range accepted in the picker.
const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

describe.each([1280, 800])('port-out date ranges at %i px', (ancho) => {
  it('portabilidades and inventario: typing asks nothing, Seleccionar asks once', async () => {
    const { pagina } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/portabilidades`);
    await pagina.getByTestId('portas-total').waitFor();
    await rangoPideAlAceptar(
      pagina,
      API_PORTABILIDADES.portabilidades,
      `/tmp/shots-fechas/portas-${ancho}.png`,
    );
    await pagina.goto(`${base}/in/inventario`);
    await pagina.getByTestId('tabla-inventario').waitFor();
    await rangoPideAlAceptar(pagina, API_PORTABILIDADES.inventario);
    await pagina.context().close();
  });
});
