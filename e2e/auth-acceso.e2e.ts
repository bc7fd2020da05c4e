import { M } from '@recargas/contracts/mensajes';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * Access and navigation of the shell in Chromium (issues 18 and 26): refused screens go to the
 * login where the seed does and elsewhere say why; Back after logout lands on the company's
 * login; permissions follow GET /api/permisos after login and on renewal; keyboard focus.
 */
const { base } = sitio();
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const enLogin = async (p: Page) => {
  await p.waitForURL(`${base}/demo`);
  await p.getByTestId('login-submit').waitFor();
  await expect.poll(() => p.getByTestId('login-mensaje').textContent()).toBe(M.sinAccesoSeccion);
};

/** What has the keyboard focus: its tag, test id and whether it is inside <main>. */
const foco = (p: Page) =>
  p.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      tag: a?.tagName ?? '',
      testid: a?.getAttribute('data-testid') ?? '',
      enMain: Boolean(a?.closest('main')),
      texto: a?.textContent ?? '',
    };
  });

describe('refused screens', () => {
  it('level 3 opening user administration goes to the login, saying why', async () => {
    const { pagina, errores } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'cliente');
    for (const ruta of ['usuarios', 'usuarioNew']) {
      await pagina.goto(`${base}/in/${ruta}`);
      await enLogin(pagina);
    }
    expect(errores).toEqual([]);
    await pagina.context().close();
  });

  it.each(['lider', 'cliente'])('level 2 or 3 (%s) opening balances goes to the login', async (usuario) => {
    const { pagina, errores } = await nuevaPagina(navegador, 800);
    await iniciarSesion(pagina, base, 'demo', usuario);
    await pagina.goto(`${base}/in/saldos`);
    await enLogin(pagina);
    await pagina.screenshot({ path: `/tmp/shots-usuarios/login-sin-acceso-${usuario}-800.png` });
    expect(errores).toEqual([]);
    await pagina.context().close();
  });

  it('any other refused screen goes to the first allowed one with the reason, never silently', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'cliente');
    await pagina.goto(`${base}/in/graficas`);
    await pagina.waitForURL(`${base}/in/recargas`);
    await pagina.locator('#notistack-snackbar', { hasText: M.sinAccesoSeccion }).waitFor();
    await pagina.context().close();
  });
});

describe('logout', () => {
  it("Back after logout lands on the company's login, not on sinEmpresa", async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.getByTestId('menu-ventas').click();
    await pagina.waitForURL(`${base}/in/ventas`);
    await pagina.getByTestId('menu-cerrarSesion').click();
    await pagina.waitForURL(`${base}/demo`);
    await pagina.goBack();
    await pagina.waitForURL(`${base}/demo`);
    await pagina.getByTestId('login-submit').waitFor();
    expect(await pagina.getByText(M.sinEmpresa).count()).toBe(0);
    await pagina.context().close();
  });

  // What timed out in full runs (a loaded machine draws the login late): Back pressed before the
  // login has drawn found the shell still mounted with the ended session. Here Back goes at once,
  // in the same task as the logout's move to the login.
  it('Back pressed before the login has drawn still lands on the login, not on a screen', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.getByTestId('menu-ventas').click();
    await pagina.waitForURL(`${base}/in/ventas`);
    await pagina.evaluate(() => {
      const reemplazar = history.replaceState.bind(history);
      history.replaceState = (...a: Parameters<History['replaceState']>) => {
        reemplazar(...a);
        if (location.pathname !== '/demo') return;
        history.replaceState = reemplazar;
        history.back();
      };
    });
    await pagina.getByTestId('menu-cerrarSesion').click();
    await pagina.getByTestId('login-submit').waitFor();
    expect(new URL(pagina.url()).pathname).toBe('/demo');
    expect(await pagina.getByTestId('menu-ventas').count()).toBe(0);
    await pagina.context().close();
  });
});

describe('permissions from GET /api/permisos', () => {
  const SIN_INVENTARIO = ['USUARIO_CLIENTE', 'RETROALIMENTACION_LIDER', 'MOVI_DN', 'ATT_DN'];
  const permisos = (p: Page, lista: string[]) =>
    p.route('**/api/permisos', (r) =>
      r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ permisos: lista }) }),
    );

  it('after login they replace those of the login answer', async () => {
    const { pagina } = await nuevaPagina(navegador);
    // The server's answer as it would be after an administrator took INVENTARIO away.
    await permisos(pagina, SIN_INVENTARIO);
    await iniciarSesion(pagina, base, 'demo', 'lider');
    await expect.poll(() => pagina.getByTestId('menu-inventario').count()).toBe(0);
    await pagina.getByTestId('menu-usuarios').waitFor();
    await pagina.context().close();
  });

  it('a token renewal brings a change into the open session: menu and screens follow', async () => {
    const { pagina } = await nuevaPagina(navegador);
    // The shell's own read after login is answered by the server before the change.
    const alEntrar = pagina.waitForResponse('**/api/permisos');
    await iniciarSesion(pagina, base, 'demo', 'lider');
    await alEntrar;
    await pagina.getByTestId('menu-inventario').waitFor();
    await permisos(pagina, SIN_INVENTARIO);
    // The next call finds its token expired once: the app renews it and reads the permissions.
    let expirado = false;
    await pagina.route('**/api/usuarios?**', (r) => {
      if (expirado) return r.continue();
      expirado = true;
      return r.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ mensaje: M.tokenExpirado }),
      });
    });
    const renovacion = pagina.waitForRequest('**/api/renuevaToken');
    await pagina.getByTestId('menu-usuarios').click();
    await renovacion;
    await expect.poll(() => pagina.getByTestId('menu-inventario').count()).toBe(0);
    await pagina.getByTestId('usuarios-total').waitFor();
    await pagina.goto(`${base}/in/inventario`);
    await pagina.waitForURL(`${base}/in/recargas`);
    await pagina.context().close();
  });
});

describe('keyboard', () => {
  it('after login the focus is on the screen title, one Tab from the form', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.locator('main h1').first().waitFor();
    await expect.poll(async () => (await foco(pagina)).tag).toBe('H1');
    expect((await foco(pagina)).enMain).toBe(true);
    await pagina.keyboard.press('Tab');
    const campo = await foco(pagina);
    expect(campo.enMain).toBe(true);
    expect(['INPUT', 'BUTTON']).toContain(campo.tag);
    await pagina.context().close();
  });

  it.each([1280, 800])(
    "'Saltar al contenido' is the first Tab stop at %i px and moves to the main content",
    async (ancho) => {
      const { pagina } = await nuevaPagina(navegador, ancho);
      await iniciarSesion(pagina, base, 'demo', 'admin');
      await pagina.goto(`${base}/in/recargas`);
      await pagina.locator('main h1').first().waitFor();
      await pagina.keyboard.press('Tab');
      expect(await foco(pagina)).toMatchObject({ testid: 'saltar-contenido', texto: M.saltarContenido });
      const caja = await pagina.getByTestId('saltar-contenido').boundingBox();
      expect(caja?.y ?? -1).toBeGreaterThanOrEqual(0);
      await pagina.screenshot({ path: `/tmp/shots-usuarios/saltar-${ancho}.png` });
      await pagina.keyboard.press('Enter');
      expect(await pagina.evaluate(() => document.activeElement?.id)).toBe('contenido');
      await pagina.keyboard.press('Tab');
      expect((await foco(pagina)).enMain).toBe(true);
      await pagina.context().close();
    },
  );
});
