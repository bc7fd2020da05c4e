import { M } from '@recargas/contracts/mensajes';
import { API_USUARIOS, type UsuarioFila } from '@recargas/contracts/usuarios';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsuarioFormulario } from '../src/features/usuarios/UsuarioFormulario.tsx';
import type { Sesion } from '../src/lib/sesion.ts';
import { sesion } from './sesiones.ts';

const CLIENTE: UsuarioFila = {
  id: 5,
  username: 'cliente5',
  nombre: 'Cliente Cinco',
  nivel: 3,
  lider: 'Norte',
  liderId: 9,
  cliente: 'Tienda',
  clienteId: 4,
  phoneNumber: 'null',
  maxRecargas: 100,
  isMonto: false,
};
const ADMIN: UsuarioFila = { ...CLIENTE, id: 6, username: 'admin6', nivel: 1, liderId: 0, clienteId: 0 };

/** The API: each user by id, the leader's own leader, and a register that succeeds. */
function servidor() {
  const enviados: { ruta: string; cuerpo: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (ruta: string, init: RequestInit) => {
      const responder = (cuerpo: unknown) => new Response(JSON.stringify(cuerpo), { status: 200 });
      if (init.method === 'POST') {
        enviados.push({ ruta, cuerpo: JSON.parse(String(init.body)) });
        return responder({ mensaje: '' });
      }
      const usuario = [CLIENTE, ADMIN].find((u) => ruta === `/api/usuarios/${u.id}`);
      if (usuario) return responder(usuario);
      if (ruta.startsWith(API_USUARIOS.lideres))
        return responder({ lideres: [{ id: 9, lider: 'Norte' }], siguiente: null, total: 1 });
      return new Response(JSON.stringify({ mensaje: `sin ruta ${ruta}` }), { status: 404 });
    }),
  );
  return enviados;
}

/** The screen at `ruta` inside the shell's session. */
function pintar(s: Sesion, ruta = '/in/usuarioNew') {
  const cliente = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={cliente}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={[ruta]}>
          <Routes>
            <Route path="/in" element={<Outlet context={s} />}>
              <Route path="*" element={<UsuarioFormulario />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

const campo = (etiqueta: string) => screen.getByLabelText(etiqueta) as HTMLInputElement;
const mensaje = () => screen.getByTestId('mensaje-usuario').textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('UsuarioFormulario', () => {
  it('shows the Spanish message of an empty required field, marks it and sends nothing', async () => {
    const enviados = servidor();
    pintar(sesion({ nivel: 1 }));
    await userEvent.type(campo(M.colNombre), 'Ana');
    await userEvent.click(screen.getByTestId('guardar-usuario'));
    expect(mensaje()).toBe(M.introduceTodosLosCampos);
    expect(campo(M.usuario).getAttribute('aria-invalid')).toBe('true');
    expect(campo(M.colNombre).getAttribute('aria-invalid')).toBe('false');
    expect(enviados).toEqual([]);
  });

  it('refuses different passwords, then registers once they match', async () => {
    const enviados = servidor();
    pintar(sesion({ nivel: 1 }));
    await userEvent.type(campo(M.usuario), 'nuevo1');
    await userEvent.type(campo(M.colNombre), 'Nuevo Uno');
    await userEvent.type(campo(M.contrasena), 'secreta1');
    await userEvent.type(campo(M.confirmarContrasena), 'secreta2');
    await userEvent.click(screen.getByTestId('guardar-usuario'));
    expect(mensaje()).toBe(M.contrasenasNoCoinciden);
    expect(enviados).toEqual([]);

    await userEvent.clear(campo(M.confirmarContrasena));
    await userEvent.type(campo(M.confirmarContrasena), 'secreta1');
    await userEvent.click(screen.getByTestId('guardar-usuario'));
    await waitFor(() => expect(mensaje()).toBe(M.registradoCorrectamente));
    expect(enviados).toEqual([
      {
        ruta: API_USUARIOS.registrar,
        cuerpo: expect.objectContaining({
          username: 'nuevo1',
          nombre: 'Nuevo Uno',
          password: 'secreta1',
          nivel: 2,
          lider: '0',
        }),
      },
    ]);
    // After register the form clears (spec section 4).
    expect(campo(M.usuario).value).toBe('');
  });

  it("keeps a leader's type and leader fixed: it registers its own clients only", async () => {
    servidor();
    pintar(sesion({ nivel: 2, lider: 9, permisos: ['USUARIO_CLIENTE'] }));
    await waitFor(() => expect(campo(M.colLider).value).toBe('Norte'));
    expect(campo(M.colLider).disabled).toBe(true);
    expect(screen.getByRole('combobox', { name: M.tipoUsuario }).getAttribute('aria-disabled')).toBe('true');
    expect(campo(M.colNombre).disabled).toBe(false);
  });

  it("fixes a consulted user's username, and every field of an administrator", async () => {
    servidor();
    pintar(sesion({ nivel: 1, permisos: ['USUARIO_CLIENTE'] }), `/in/editarUsuario/${CLIENTE.id}`);
    await waitFor(() => expect(campo(M.colNombre).value).toBe(CLIENTE.nombre));
    expect(campo(M.usuario).disabled).toBe(true);
    expect(campo(M.colNombre).disabled).toBe(false);
    cleanup();

    pintar(sesion({ nivel: 1, permisos: ['USUARIO_CLIENTE'] }), `/in/editarUsuario/${ADMIN.id}`);
    expect(await screen.findByText(M.administradoresDeshabilitado)).toBeTruthy();
    for (const etiqueta of [M.usuario, M.colNombre, M.contrasena, M.colTelefono, M.colMaxRecargas])
      expect(campo(etiqueta).disabled).toBe(true);
    expect(screen.queryByTestId('guardar-usuario')).toBeNull();
  });
});
