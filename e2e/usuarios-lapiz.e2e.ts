import { M } from '@recargas/contracts/mensajes';
import { etiquetaNivel } from '@recargas/contracts/niveles';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

/**
 * The users list in Chromium (issue 18): the Editar pencil on exactly the rows the viewer may
 * edit (contracts puedeEditarUsuario, the server's rule), and Nivel by its name, at 1280 and 800 px.
 */
const { base } = sitio();
let navegador: Browser;

beforeAll(async () => {
  navegador = await abrirNavegador();
});
afterAll(() => navegador?.close());

/** The list's rows as username → [nivel cell, has a pencil]. */
async function filas(p: Page): Promise<Record<string, [string, boolean]>> {
  await p.getByTestId('usuarios-total').waitFor();
  await p.getByTestId('tabla-usuarios').locator('tbody tr td').first().waitFor();
  const datos = await p
    .getByTestId('tabla-usuarios')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const celdas = Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '');
        const lapiz = tr.querySelector('[data-testid^="editar-"]') !== null;
        // #, Username, Editar (beside the username since issue 41), Nombre, Nivel.
        return [celdas[1] ?? '', celdas[4] ?? '', lapiz, celdas.length] as const;
      }),
    );
  return Object.fromEntries(datos.filter((d) => d[3] > 2).map(([u, nivel, lapiz]) => [u, [nivel, lapiz]]));
}

describe.each([1280, 800])('users list at %i px', (ancho) => {
  it('an administrator: pencils on leaders and clients, none on administrators; Nivel by name', async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'admin');
    await pagina.goto(`${base}/in/usuarios`);
    const f = await filas(pagina);
    expect(f.lider).toEqual([etiquetaNivel(2), true]);
    expect(f.cliente).toEqual([etiquetaNivel(3), true]);
    for (const u of ['root', 'admin', 'portas', 'capturista']) expect(f[u]?.[1], u).toBe(false);
    expect(f.root?.[0]).toBe(M.nivelRoot);
    expect(f.admin?.[0]).toBe(M.nivelAdministrador);
    // Editar is pinned to the table's right edge: in view without scrolling sideways.
    const lapiz = await pagina.getByTestId('editar-lider').boundingBox();
    expect((lapiz?.x ?? ancho) + (lapiz?.width ?? 0)).toBeLessThanOrEqual(ancho);
    await pagina.screenshot({ path: `/tmp/shots-usuarios/usuarios-admin-${ancho}.png`, fullPage: true });
    expect(errores).toEqual([]);
    await pagina.context().close();
  });

  it("a leader: a pencil on its leader's client, none on its own row; the pencil opens an editable form", async () => {
    const { pagina, errores } = await nuevaPagina(navegador, ancho);
    await iniciarSesion(pagina, base, 'demo', 'lider');
    await pagina.goto(`${base}/in/usuarios`);
    await pagina.getByRole('heading', { name: M.misClientes }).waitFor();
    const f = await filas(pagina);
    expect(f.lider).toEqual([etiquetaNivel(2), false]);
    expect(f.cliente).toEqual([etiquetaNivel(3), true]);
    await pagina.screenshot({ path: `/tmp/shots-usuarios/usuarios-lider-${ancho}.png`, fullPage: true });
    await pagina.getByTestId('editar-cliente').click();
    await pagina.waitForURL(/\/in\/editarUsuario\/\d+$/);
    await pagina.getByTestId('guardar-usuario').waitFor();
    expect(await pagina.getByText(M.soloConsulta).count()).toBe(0);
    expect(errores).toEqual([]);
    await pagina.context().close();
  });
});
