import { M, texto } from '@recargas/contracts/mensajes';
import { PASSWORD_SIN_CAMBIO } from '@recargas/contracts/usuarios';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abrirNavegador, captura, iniciarSesion, nuevaPagina } from './navegador.ts';
import { sitio } from './sitio.ts';

const { base } = sitio();
let navegador: Browser, pagina: Page, errores: string[];
const campo = (p: Page, nombre: string) => p.locator(`input[name="${nombre}"]`);
const guardar = (p: Page) => p.getByTestId('guardar-usuario').click();
const mensaje = (p: Page) => p.getByTestId('mensaje-usuario');
const aviso = (p: Page, t: string) => p.locator('#notistack-snackbar', { hasText: t });
/** Chooses `nombre` in a select (type of user) or a searchable picker (leader, client, user). */
async function elegir(p: Page, nombreCampo: string, opcion: string, buscar?: string) {
  const entrada = campo(p, nombreCampo);
  await entrada.click();
  if (buscar !== undefined) await entrada.fill(buscar);
  await p.getByRole('option', { name: opcion, exact: true }).click();
}

const tipo = async (p: Page, nombre: string) => {
  await p.getByLabel(M.tipoUsuario).click();
  await p.getByRole('option', { name: nombre, exact: true }).click();
};

async function abrirNuevo(p: Page) {
  await p.goto(`${base}/in/usuarioNew`);
  await p.getByTestId('guardar-usuario').waitFor();
}

/** The rows of the users table as username → cell texts. */
async function filas(p: Page): Promise<Record<string, string[]>> {
  await p.getByTestId('usuarios-total').waitFor();
  await expect.poll(() => p.locator('[aria-label="Cargando…"]').count()).toBe(0);
  // Without the Editar column (beside the username since issue 41): the data columns' places.
  const celdas = await p.getByTestId('tabla-usuarios').evaluate((t, editar) => {
    const i = Array.from(t.querySelectorAll('thead th'), (th) => th.textContent).indexOf(editar);
    return Array.from(t.querySelectorAll('tbody tr'), (tr) =>
      Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '').filter((_, j) => j !== i),
    );
  }, M.colEditar);
  return Object.fromEntries(celdas.filter((c) => c.length > 2).map((c) => [c[1] as string, c]));
}

/** A call from inside the page, as the app makes it (bearer token and XSRF header). */
const llamar = (p: Page, ruta: string, cuerpo: unknown) =>
  p.evaluate(
    async ([r, c]) => {
      const xsrf = document.cookie
        .split('; ')
        .find((x) => x.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length);
      const res = await fetch(r as string, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          'Content-Type': 'application/json',
          'X-XSRF-TOKEN': decodeURIComponent(xsrf ?? ''),
        },
        body: JSON.stringify(c),
      });
      return res.status;
    },
    [ruta, cuerpo] as const,
  );

beforeAll(async () => {
  navegador = await abrirNavegador();
  ({ pagina, errores } = await nuevaPagina(navegador));
  await iniciarSesion(pagina, base, 'demo', 'admin');
});
afterAll(() => navegador?.close());

describe('users screens in Chromium (issue 6)', () => {
  it('every user validation message of spec section 5, from the form', async () => {
    await abrirNuevo(pagina);
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.introduceTodosLosCampos);

    await campo(pagina, 'username').fill('e2e_validar');
    await campo(pagina, 'nombre').fill('Validación E2E');
    await campo(pagina, 'password').fill('Clave.123');
    await campo(pagina, 'confirmacion').fill('Clave.124');
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.contrasenasNoCoinciden);

    await campo(pagina, 'confirmacion').fill('Clave.123');
    await campo(pagina, 'phoneNumber').fill('55-12');
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.telefonoUsuarioInvalido);

    // Level 3 needs a client: with 'Sin lider' there is not even a client choice.
    await campo(pagina, 'phoneNumber').fill('5512345678');
    await tipo(pagina, M.tipoCliente);
    await elegir(pagina, 'lider', M.sinLider);
    await expect(campo(pagina, 'cliente').count()).resolves.toBe(0);
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.seleccionaCliente);
    // A leader chosen: the client choice shows, and is still required.
    await elegir(pagina, 'lider', 'Lider Demo', 'Lider De');
    await campo(pagina, 'cliente').waitFor();
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.seleccionaCliente);

    await elegir(pagina, 'cliente', 'Cliente Demo');
    await campo(pagina, 'maxRecargas').fill('0');
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.rangoMaxRecargas);

    // User edit: a user must be selected.
    await pagina.getByTestId('modo-consultar').click();
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.seleccionaUsuario);
    expect(errores).toEqual([]);
  });

  it('maxRecargas of a leader: its own MRD, and the company cap for clients', async () => {
    const { pagina: p } = await nuevaPagina(navegador);
    await iniciarSesion(p, base, 'demo', 'lider');
    await abrirNuevo(p);
    await campo(p, 'username').fill('e2e_mrd');
    await campo(p, 'nombre').fill('Tope E2E');
    await campo(p, 'password').fill('Clave.123');
    await campo(p, 'confirmacion').fill('Clave.123');
    // A leader creates clients of its own leader only: already chosen.
    await expect.poll(() => campo(p, 'lider').inputValue()).toBe('Lider Demo');
    await elegir(p, 'cliente', 'Cliente Demo');
    await campo(p, 'maxRecargas').fill('501');
    await guardar(p);
    await expect.poll(() => mensaje(p).textContent()).toBe(texto('maxRecargasCreador', { MRD: 500 }));
    // Within the MRD, with a client typed anew: registered as a client of the leader's own leader.
    await campo(p, 'maxRecargas').fill('500');
    await elegir(p, 'cliente', texto('crearCliente', { nombre: 'Cliente Nuevo E2E' }), 'Cliente Nuevo E2E');
    await guardar(p);
    await expect.poll(() => mensaje(p).textContent()).toBe(M.registradoCorrectamente);
    // gsmoviles and teletrial cap clients made by non-administrators at 5. demo has no cap, so
    // the session's company settings get gsmoviles' value; the server side of this rule is
    // covered on a real gsmoviles leader in apps/server/test/usuarios.test.ts.
    await p.evaluate(() => {
      const a = JSON.parse(localStorage.getItem('ajustes') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('ajustes', JSON.stringify({ ...a, topeRecargasClientes: 5 }));
    });
    await abrirNuevo(p);
    await campo(p, 'username').fill('e2e_tope');
    await campo(p, 'nombre').fill('Tope E2E');
    await campo(p, 'password').fill('Clave.123');
    await campo(p, 'confirmacion').fill('Clave.123');
    await elegir(p, 'cliente', 'Cliente Demo');
    await campo(p, 'maxRecargas').fill('6');
    await guardar(p);
    await expect.poll(() => mensaje(p).textContent()).toBe('el Numero de recargas maximas son 5');
    await p.context().close();
  });

  it('register clears the form with Registrado correctamente, and the user is listed', async () => {
    await abrirNuevo(pagina);
    await tipo(pagina, M.tipoVendedorLider);
    await campo(pagina, 'username').fill('e2e_lider');
    await campo(pagina, 'nombre').fill('Lider E2E');
    await campo(pagina, 'password').fill('Clave.123');
    await campo(pagina, 'confirmacion').fill('Clave.123');
    await campo(pagina, 'phoneNumber').fill('5511223344');
    await elegir(pagina, 'lider', M.sinLider);
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.registradoCorrectamente);
    for (const c of ['username', 'nombre', 'password', 'confirmacion', 'phoneNumber']) {
      expect(await campo(pagina, c).inputValue(), c).toBe('');
    }

    // A client of the demo leader, without a phone: 'sin Telefono' in the list.
    await tipo(pagina, M.tipoCliente);
    await campo(pagina, 'username').fill('e2e_cliente');
    await campo(pagina, 'nombre').fill('Cliente E2E');
    await campo(pagina, 'password').fill('Clave.123');
    await campo(pagina, 'confirmacion').fill('Clave.123');
    await elegir(pagina, 'lider', 'Lider Demo', 'demo');
    await elegir(pagina, 'cliente', 'Cliente Demo');
    await campo(pagina, 'maxRecargas').fill('7');
    await guardar(pagina);
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.registradoCorrectamente);

    // A taken username: the server's mensaje on the screen.
    await tipo(pagina, M.tipoVendedorLider);
    await campo(pagina, 'username').fill('e2e_lider');
    await campo(pagina, 'nombre').fill('Otro');
    await campo(pagina, 'password').fill('Clave.123');
    await campo(pagina, 'confirmacion').fill('Clave.123');
    await guardar(pagina);
    await expect
      .poll(() => mensaje(pagina).textContent())
      .toBe(texto('usuarioYaExiste', { username: 'e2e_lider' }));

    await pagina.goto(`${base}/in/usuarios`);
    await pagina.getByRole('heading', { name: M.usuarios }).waitFor();
    const f = await filas(pagina);
    const [, , nombre, nivel, lider, , telefono] = f.e2e_lider ?? [];
    expect([nombre, nivel, lider, telefono]).toEqual([
      'Lider E2E',
      M.tipoVendedorLider,
      'Lider E2E',
      '5511223344',
    ]);
    const cliente = f.e2e_cliente ?? [];
    expect(cliente.slice(2, 8)).toEqual([
      'Cliente E2E',
      M.tipoCliente,
      'Lider Demo',
      'Cliente Demo',
      M.sinTelefono,
      '7',
    ]);
    // The pencil where the server lets this administrator (USUARIO_CLIENTE) edit: leaders and
    // clients, never an administrator's row nor its own.
    expect(await pagina.getByTestId('editar-e2e_lider').count()).toBe(1);
    expect(await pagina.getByTestId('editar-e2e_cliente').count()).toBe(1);
    for (const u of ['root', 'admin', 'portas', 'capturista'])
      expect(await pagina.getByTestId(`editar-${u}`).count(), u).toBe(0);
    await pagina.getByText(texto('registros', { n: Object.keys(f).length })).waitFor();
    await captura(pagina, 'usuarios-lista');
  });

  it('edit: six dots, not sent when unchanged, a progress bar while saving, Editado correctamente', async () => {
    await pagina.goto(`${base}/in/usuarios`);
    await pagina.getByTestId('editar-e2e_lider').click();
    await pagina.waitForURL(/\/in\/editarUsuario\/\d+$/);
    await expect.poll(() => campo(pagina, 'nombre').inputValue()).toBe('Lider E2E');
    expect(await campo(pagina, 'password').inputValue()).toBe(PASSWORD_SIN_CAMBIO);
    expect(await campo(pagina, 'confirmacion').inputValue()).toBe(PASSWORD_SIN_CAMBIO);
    expect(await campo(pagina, 'username').isDisabled()).toBe(true);

    let enviado: Record<string, unknown> = {};
    await pagina.route('**/editarUsuario', async (ruta) => {
      enviado = ruta.request().postDataJSON() as Record<string, unknown>;
      await new Promise((r) => setTimeout(r, 600));
      await ruta.continue();
    });
    await campo(pagina, 'nombre').fill('Lider E2E Editado');
    await guardar(pagina);
    await pagina.getByTestId('guardando').waitFor();
    await expect.poll(() => mensaje(pagina).textContent()).toBe(M.editadoCorrectamente);
    await pagina.unroute('**/editarUsuario');
    expect(enviado.nombre).toBe('Lider E2E Editado');
    expect(enviado).not.toHaveProperty('password');
    expect(String(enviado.lider)).toMatch(/^\d+$/);
    // The password did not change: the leader still logs in with it.
    const { pagina: otra } = await nuevaPagina(navegador);
    await iniciarSesion(otra, base, 'demo', 'e2e_lider', 'Clave.123');
    await otra.context().close();
  });

  it("an administrator's row has no pencil and consults read-only: editing is disabled", async () => {
    await abrirNuevo(pagina);
    await pagina.getByTestId('modo-consultar').click();
    await elegir(pagina, 'buscarUsuario', 'root', 'root');
    await pagina.getByText(M.administradoresDeshabilitado).waitFor();
    await expect.poll(() => campo(pagina, 'nombre').inputValue()).toBe('Root Demo');
    expect(await campo(pagina, 'nombre').isDisabled()).toBe(true);
    expect(await pagina.getByTestId('guardar-usuario').count()).toBe(0);
    expect(await pagina.getByRole('button', { name: M.eliminarUsuario }).count()).toBe(0);
    await captura(pagina, 'usuario-consulta');
  });

  it('delete from Consultar existentes: the exact sentence, Volver, Eliminar, back to the list', async () => {
    await abrirNuevo(pagina);
    await pagina.getByTestId('modo-consultar').click();
    await elegir(pagina, 'buscarUsuario', 'e2e_cliente', 'e2e_cli');
    await pagina.waitForURL(/\/in\/editarUsuario\/\d+$/);
    await expect.poll(() => campo(pagina, 'nombre').inputValue()).toBe('Cliente E2E');
    await pagina.getByRole('button', { name: M.eliminarUsuario }).click();
    const frase = texto('confirmarEliminarUsuario', { name: 'Cliente E2E' });
    expect(await pagina.getByTestId('confirmar-eliminar').textContent()).toBe(frase);
    expect(frase).toBe(
      'Estas a punto de eliminar a Cliente E2E, esta accion no se puede revertir, ¿estas seguro que deseas eliminarlo?',
    );
    await pagina.getByRole('button', { name: M.eliminarUsuarioVolver }).click();
    await pagina.getByTestId('confirmar-eliminar').waitFor({ state: 'hidden' });
    await pagina.getByRole('button', { name: M.eliminarUsuario }).click();
    await pagina.getByRole('dialog').getByRole('button', { name: M.eliminarUsuario }).click();
    await aviso(pagina, M.eliminadoCorrectamente).waitFor();
    await pagina.waitForURL(/\/in\/usuarios$/);
    expect(Object.keys(await filas(pagina))).not.toContain('e2e_cliente');
  });

  it('chip filters: two chips in a column are OR, and the total follows', async () => {
    await pagina.goto(`${base}/in/usuarios`);
    await pagina.getByRole('button', { name: M.mostrarFiltros }).click();
    const pedidos: string[] = [];
    pagina.on('request', (r) => {
      if (r.url().includes('/api/usuarios?')) pedidos.push(decodeURIComponent(r.url()));
    });
    const filtro = campo(pagina, 'filtro-username');
    await filtro.fill('e2e_LID');
    await filtro.press('Enter');
    await pagina.getByText(texto('registros', { n: 1 })).waitFor();
    await filtro.fill('ROOT');
    await filtro.press('Enter');
    await pagina.getByText(texto('registros', { n: 2 })).waitFor();
    expect(Object.keys(await filas(pagina)).sort()).toEqual(['e2e_lider', 'root']);
    expect(pedidos.at(-1)).toContain('filtros={"username":["e2e_LID","ROOT"]}');
    // A second column is AND: nivel 0 leaves root only.
    await campo(pagina, 'filtro-nivel').fill('0');
    await campo(pagina, 'filtro-nivel').press('Enter');
    await pagina.getByText(texto('registros', { n: 1 })).waitFor();
    expect(Object.keys(await filas(pagina))).toEqual(['root']);
    await pagina.getByRole('button', { name: M.ocultarFiltros }).waitFor();
  });

  it('Permiso Monto: the switch saves, only on leader and client rows', async () => {
    await pagina.goto(`${base}/in/usuarios`);
    const interruptor = pagina.getByLabel(`${M.colPermisoMonto} lider`, { exact: true });
    const antes = await interruptor.isChecked();
    await interruptor.click();
    await aviso(pagina, M.actualizadoCorrectamente).waitFor();
    await pagina.reload();
    await expect
      .poll(() => pagina.getByLabel(`${M.colPermisoMonto} lider`, { exact: true }).isChecked())
      .toBe(!antes);
    expect(await pagina.getByLabel(`${M.colPermisoMonto} admin`, { exact: true }).count()).toBe(0);
  });

  it("a leader sees 'Mis clientes' with its leader's users only, and no Permiso Monto", async () => {
    const { pagina: p, errores: e } = await nuevaPagina(navegador);
    await iniciarSesion(p, base, 'demo', 'lider');
    expect(await p.getByTestId('menu-usuarios').textContent()).toBe(M.misClientes);
    await p.getByTestId('menu-usuarios').click();
    await p.getByRole('heading', { name: M.misClientes }).waitFor();
    const f = await filas(p);
    expect(Object.keys(f).sort()).toEqual(['cliente', 'e2e_mrd', 'lider']);
    for (const c of Object.values(f)) expect(c[4]).toBe('Lider Demo');
    expect(f.e2e_mrd?.[5]).toBe('Cliente Nuevo E2E');
    expect(await p.getByRole('columnheader', { name: M.colPermisoMonto }).count()).toBe(0);
    expect(e).toEqual([]);
    await p.context().close();
  });

  it('works at 800 px: list and form fit the width', async () => {
    const { pagina: p, errores: e } = await nuevaPagina(navegador, 800);
    await iniciarSesion(p, base, 'demo', 'admin');
    await p.goto(`${base}/in/usuarios`);
    await filas(p);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await captura(p, 'usuarios-800');
    await p.getByTestId('agregar-usuario').click();
    await p.waitForURL(/\/in\/usuarioNew$/);
    await p.getByTestId('guardar-usuario').waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
    await captura(p, 'usuario-form-800');
    expect(e).toEqual([]);
    await p.context().close();
  });

  it('scrolling loads 20 more users, and the leader picker 10 more leaders', async () => {
    // 25 leaders, each founding its own leader row ('Sin lider').
    for (let i = 0; i < 25; i++) {
      const n = String(i).padStart(2, '0');
      const status = await llamar(pagina, '/registrarUsuario', {
        username: `e2e_l${n}`,
        nombre: `E2E Lider ${n}`,
        password: 'Clave.123',
        nivel: 2,
        lider: '0',
      });
      expect(status).toBe(200);
    }
    await pagina.goto(`${base}/in/usuarios`);
    await filas(pagina);
    const total = Number((await pagina.getByTestId('usuarios-total').textContent())?.split(' ')[0]);
    expect(total).toBeGreaterThan(30);
    // The last row drawn: the table is virtual, only the rows near the view are in the DOM.
    const ultima = () =>
      pagina.evaluate(() =>
        Math.max(
          -1,
          ...Array.from(
            document.querySelectorAll('[data-testid="tabla-usuarios"] tbody tr[data-index]'),
            (f) => Number(f.getAttribute('data-index')),
          ),
        ),
      );
    const caja = pagina.getByTestId('tabla-usuarios-caja');
    await expect
      .poll(async () => {
        await caja.evaluate((c) => c.scrollTo(0, c.scrollHeight));
        return ultima();
      })
      .toBe(total - 1);

    await abrirNuevo(pagina);
    await campo(pagina, 'lider').click();
    const opciones = pagina.getByRole('option');
    // 'Sin lider' and the first 10 leaders.
    await expect.poll(() => opciones.count()).toBe(11);
    await pagina.getByRole('listbox').evaluate((l) => l.scrollTo(0, l.scrollHeight));
    await expect.poll(() => opciones.count()).toBe(21);
    // Searching asks the server: one leader by its name.
    await campo(pagina, 'lider').fill('E2E Lider 17');
    await expect.poll(() => opciones.allTextContents()).toEqual(['E2E Lider 17']);
  });
});
