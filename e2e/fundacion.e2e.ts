import { M } from '@recargas/contracts/mensajes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, colorEn, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
let navegador: Browser;
beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

const tema = async (empresa: string) =>
  (await (await fetch(`${base}/getEmpresa/${empresa}`)).json()) as { primaryColor: string };

/** Distance between two #rrggbb colours (anti-aliasing leaves a few units of noise). */
const distancia = (a: string, b: string) =>
  Math.max(
    ...[1, 3, 5].map((i) =>
      Math.abs(Number.parseInt(a.slice(i, i + 2), 16) - Number.parseInt(b.slice(i, i + 2), 16)),
    ),
  );

describe('login and shell in Chromium', () => {
  it('two companies show two different themes: the login button has each primary colour', async () => {
    const colores: string[] = [];
    for (const empresa of ['demo', 'gmcel']) {
      const { pagina, errores } = await nuevaPagina(navegador);
      await pagina.goto(`${base}/${empresa}`);
      const boton = pagina.getByTestId('login-submit');
      await boton.waitFor();
      await expect(boton.textContent()).resolves.toContain(M.iniciarSesion);
      const caja = await boton.boundingBox();
      if (!caja) throw new Error('sin botón');
      // A point inside the button, clear of the text: its left padding, vertically centred.
      const color = await colorEn(pagina, caja.x + 4, caja.y + caja.height / 2);
      expect(
        distancia(color, (await tema(empresa)).primaryColor),
        `${empresa}: ${color}`,
      ).toBeLessThanOrEqual(6);
      colores.push(color);
      await captura(pagina, `login-${empresa}`);
      expect(errores).toEqual([]);
      await pagina.context().close();
    }
    expect(colores[0]).not.toBe(colores[1]);
  });

  it('menu items differ by level', async () => {
    const menus: Record<string, string[]> = {};
    for (const usuario of ['admin', 'lider', 'cliente']) {
      const { pagina } = await nuevaPagina(navegador);
      await iniciarSesion(pagina, base, 'demo', usuario);
      await pagina.getByTestId('menu-cerrarSesion').waitFor();
      menus[usuario] = await pagina
        .locator('[data-testid^="menu-"]')
        .evaluateAll((nodos) => nodos.map((n) => n.getAttribute('data-testid') as string));
      await captura(pagina, `menu-${usuario}`);
      await pagina.context().close();
    }
    expect(menus.admin).toEqual(
      expect.arrayContaining(['menu-usuarios', 'menu-saldos', 'menu-graficas', 'menu-recargasMasivas']),
    );
    expect(menus.lider).toEqual(
      expect.arrayContaining(['menu-usuarios', 'menu-inventario', 'menu-administrarBase']),
    );
    expect(menus.lider).not.toContain('menu-saldos');
    expect(menus.cliente).toEqual([
      'menu-recargas',
      'menu-ventas',
      'menu-actualizaciones',
      'menu-cerrarSesion',
    ]);
  });

  it('a leader sees Mis clientes, an administrator Usuarios', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'lider');
    await expect(pagina.getByTestId('menu-usuarios').textContent()).resolves.toContain('Mis clientes');
    await pagina.context().close();
  });

  it('a whitelisted user lands on their first allowed route and cannot open others', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'demo', 'capturista');
    expect(new URL(pagina.url()).pathname).toBe('/in/administrarBase');
    await pagina.goto(`${base}/in/ventas`);
    await pagina.waitForURL(/\/in\/administrarBase$/);
    await pagina.context().close();
  });

  it('logout returns to the login of the company', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await iniciarSesion(pagina, base, 'gmcel', 'admin');
    await pagina.getByTestId('menu-cerrarSesion').click();
    await pagina.waitForURL(`${base}/gmcel`);
    await pagina.getByTestId('login-submit').waitFor();
    const token = await pagina.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeNull();
    // The shell is closed to a visitor without a session.
    await pagina.goto(`${base}/in/recargas`);
    await pagina.waitForURL((u) => !u.pathname.startsWith('/in/'));
    await pagina.context().close();
  });

  it('a wrong password shows the spec message on the login', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await pagina.goto(`${base}/demo`);
    await pagina.locator('input[name="username"]').fill('admin');
    await pagina.locator('input[name="password"]').fill('equivocada');
    await pagina.getByTestId('login-submit').click();
    await expect
      .poll(() => pagina.getByTestId('login-mensaje').textContent())
      .toContain(M.credencialesInvalidas);
    await pagina.context().close();
  });

  it('an unknown company goes to sinEmpresa, which shows the error', async () => {
    const { pagina } = await nuevaPagina(navegador);
    await pagina.goto(`${base}/noexiste`);
    await pagina.waitForURL(`${base}/`);
    await pagina.getByText(M.sinEmpresa).waitFor();
    // The login passes the error on (it has no toasts of its own): sinEmpresa shows it.
    await pagina.getByText(M.empresaDesconocida).waitFor();
    await captura(pagina, 'sin-empresa');
    await pagina.context().close();
  });

  it('the shell works at the 800 px breakpoint: the menu opens from the app bar', async () => {
    const { pagina, errores } = await nuevaPagina(navegador, 800);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await expect(pagina.getByTestId('menu-saldos').isVisible()).resolves.toBe(false);
    await pagina.getByRole('button', { name: /menú/i }).click();
    await pagina.getByTestId('menu-saldos').waitFor({ state: 'visible' });
    await captura(pagina, 'shell-800');
    expect(errores).toEqual([]);
    await pagina.context().close();
  });
});
