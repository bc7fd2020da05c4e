import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, colorEn, iniciarSesion } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * Issue 21 (LCP of /in/*): the server's marco.js draws the shell's frame, the company's notice
 * included, from the copy the app stored, before any module has run. Here no module runs at all:
 * every script under /assets/ is refused, so whatever the page shows came from marco.js.
 */
const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const empresa = async (codigo: string) =>
  (await (await fetch(`${base}/getEmpresa/${codigo}`)).json()) as {
    nombre: string;
    alerta: string | null;
    primaryColor: string;
  };

/** A page without the service worker, which would fetch the modules past the refusal below. */
async function nuevaPagina(ancho = 1280) {
  const contexto = await navegador.newContext({
    viewport: { width: ancho, height: 800 },
    locale: 'es-MX',
    serviceWorkers: 'block',
  });
  return contexto.newPage();
}

/**
 * /in/recargas with the app's modules refused, in a new page of the same session that replaces
 * the given one: only the page and marco.js draw. A new page, because a goto on the page that just
 * logged in was once aborted (net::ERR_ABORTED in CI) by that page's own navigation; the old page
 * is closed, so that no running app beside it writes the session's keys meanwhile.
 */
async function sinModulos(pagina: Page) {
  const nueva = await pagina.context().newPage();
  await pagina.close();
  await nueva.route('**/assets/*.js', (r) => r.abort());
  await nueva.goto(`${base}/in/recargas`);
  return nueva;
}

describe("/in/*'s frame before the app's JavaScript", () => {
  it("paints the company's name, colour and notice from the stored copy, at 1280 and 800 px", async () => {
    const demo = await empresa('demo');
    expect(demo.alerta).toBeTruthy();
    for (const ancho of [1280, 800]) {
      const pagina = await nuevaPagina(ancho);
      await iniciarSesion(pagina, base, 'demo', 'admin');
      await pagina.getByText(demo.alerta ?? '').waitFor();
      const sin = await sinModulos(pagina);
      const aviso = sin.locator('.marco-previo .aviso p');
      await aviso.waitFor();
      expect(await aviso.textContent()).toBe(demo.alerta);
      expect(await sin.locator('.marco-previo > header').textContent()).toBe(demo.nombre);
      expect(await colorEn(sin, ancho - 10, 20)).toBe(demo.primaryColor.toLowerCase());
      expect(await sin.locator('.marco-previo > div > p').last().textContent()).toBe(M.cargando);
      await captura(sin, `marco-sin-modulos-${ancho}`);
      await sin.context().close();
    }
  });

  it('draws nothing for a copy of another company, nor after logout', async () => {
    const pagina = await nuevaPagina();
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.locator('header').first().waitFor();
    const sin = await sinModulos(pagina);
    await sin.locator('.marco-previo').waitFor();
    // Another company's session (as after switching) with demo's copy: the plain Cargando….
    await sin.evaluate(() => localStorage.setItem('empresa', 'vcell'));
    await sin.reload();
    await sin.getByText(M.cargando).waitFor();
    expect(await sin.locator('.marco-previo').count()).toBe(0);
    await sin.evaluate(() => localStorage.setItem('empresa', 'demo'));
    await sin.reload();
    await sin.locator('.marco-previo').waitFor();
    // After logout there is no session: nothing to draw.
    await sin.unroute('**/assets/*.js');
    await sin.goto(`${base}/in/recargas`);
    await sin.getByTestId('menu-cerrarSesion').click();
    await sin.waitForURL(`${base}/demo`);
    expect(await sin.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const tras = await sinModulos(sin);
    await tras.getByText(M.cargando).waitFor();
    expect(await tras.locator('.marco-previo').count()).toBe(0);
    await tras.context().close();
  });
});
