import type { UsuarioFila } from '@recargas/contracts/usuarios';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { columnaEditar } from '../src/features/usuarios/Usuarios.tsx';
import type { Sesion } from '../src/lib/sesion.ts';
import { sesion } from './sesiones.ts';

/** The Editar column of the users list: the pencil on exactly the rows the viewer may edit. */
const fila = (id: number, username: string, nivel: number, liderId: number): UsuarioFila => ({
  id,
  username,
  nombre: username,
  nivel,
  lider: '',
  liderId,
  cliente: '',
  clienteId: 0,
  phoneNumber: 'null',
  maxRecargas: 5,
  isMonto: false,
});
const NORTE = 9;
const FILAS = [
  fila(1, 'root', 0, 0),
  fila(2, 'admin', 1, 0),
  fila(3, 'lider', 2, NORTE),
  fila(4, 'sur', 2, 10),
  fila(5, 'cliente', 3, NORTE),
  fila(6, 'ajeno', 3, 10),
];

/** The usernames whose row shows a pencil, each pencil opening that user's edit screen. */
function lapices(s: Sesion): string[] {
  const columna = columnaEditar(s);
  render(
    <MemoryRouter>
      {FILAS.map((f, i) => (
        <div key={f.id}>{columna.celda?.(f, i)}</div>
      ))}
    </MemoryRouter>,
  );
  const enlaces = screen.queryAllByRole('link');
  for (const e of enlaces) {
    const u = FILAS.find((f) => e.getAttribute('data-testid') === `editar-${f.username}`);
    expect(e.getAttribute('href')).toBe(`/in/editarUsuario/${u?.id}`);
  }
  return enlaces.map((e) => (e.getAttribute('data-testid') ?? '').replace('editar-', ''));
}

afterEach(cleanup);

describe('Usuarios: the Editar pencil', () => {
  it('an administrator with USUARIO_CLIENTE: leaders and clients, never administrators', () => {
    expect(lapices(sesion({ id: 2, nivel: 1, permisos: ['USUARIO_CLIENTE'] }))).toEqual([
      'lider',
      'sur',
      'cliente',
      'ajeno',
    ]);
  });

  it('an administrator without USUARIO_CLIENTE: leaders only', () => {
    expect(lapices(sesion({ id: 2, nivel: 1 }))).toEqual(['lider', 'sur']);
  });

  it("a leader with USUARIO_CLIENTE: its leader's clients, not its own row", () => {
    expect(lapices(sesion({ id: 3, nivel: 2, lider: NORTE, permisos: ['USUARIO_CLIENTE'] }))).toEqual([
      'cliente',
    ]);
  });

  it('a leader without USUARIO_CLIENTE: none', () => {
    expect(lapices(sesion({ id: 3, nivel: 2, lider: NORTE }))).toEqual([]);
  });
});
