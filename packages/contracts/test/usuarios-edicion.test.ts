import { describe, expect, it } from 'vitest';
import { puedeEditarUsuario } from '../src/usuarios.ts';

/** The edit rule of the users list (its pencil) and of POST /editarUsuario: spec sections 2, 5 and 6. */
const LIDER = 7;
const OTRO_LIDER = 8;
const quien = (id: number, nivel: number, liderId: number | null, permisos: string[] = []) => ({
  id,
  nivel,
  liderId,
  permisos,
});
const fila = (id: number, nivel: number, liderId: number) => ({ id, nivel, liderId });

const raiz = quien(1, 0, null, ['USUARIO_CLIENTE']);
const admin = quien(2, 1, null, ['USUARIO_CLIENTE']);
const adminSinClientes = quien(3, 1, null);
const lider = quien(4, 2, LIDER, ['USUARIO_CLIENTE']);
const liderSinClientes = quien(5, 2, LIDER);
const cliente = quien(6, 3, LIDER);

const filas = {
  raiz: fila(1, 0, 0),
  admin: fila(2, 1, 0),
  lider: fila(4, 2, LIDER),
  otroLider: fila(10, 2, OTRO_LIDER),
  suCliente: fila(11, 3, LIDER),
  clienteAjeno: fila(12, 3, OTRO_LIDER),
  cliente: fila(6, 3, LIDER),
};
type Fila = keyof typeof filas;

// biome-ignore format: one viewer per row
const EDITA: [string, ReturnType<typeof quien>, Fila[]][] = [
  ['root (level 0)', raiz, ['lider', 'otroLider', 'suCliente', 'clienteAjeno', 'cliente']],
  ['administrator with USUARIO_CLIENTE', admin, ['lider', 'otroLider', 'suCliente', 'clienteAjeno', 'cliente']],
  ['administrator without USUARIO_CLIENTE', adminSinClientes, ['lider', 'otroLider']],
  ['leader with USUARIO_CLIENTE', lider, ['suCliente', 'cliente']],
  ['leader without USUARIO_CLIENTE', liderSinClientes, []],
  ['client', cliente, []],
];

describe('puedeEditarUsuario: the pencil is on exactly these rows', () => {
  it.each(EDITA)('%s', (_, q, esperadas) => {
    const editables = (Object.keys(filas) as Fila[]).filter((f) => puedeEditarUsuario(q, filas[f]));
    expect(editables).toEqual(esperadas);
  });

  it('nobody edits their own row, not even a leader with USUARIO_CLIENTE on a level-3 self', () => {
    const clienteConPermiso = quien(6, 3, LIDER, ['USUARIO_CLIENTE']);
    expect(puedeEditarUsuario(clienteConPermiso, filas.cliente)).toBe(false);
    expect(puedeEditarUsuario(lider, filas.lider)).toBe(false);
  });
});
