import type { UsuarioFila } from '@recargas/contracts/usuarios';
import { puedeEditarUsuario } from '@recargas/contracts/usuarios';
import { beforeAll, describe, expect, it } from 'vitest';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { entrar, nuevoLider } from './entorno.ts';
import { pedir } from './peticion.ts';
import * as A from './usuarios-acceso-entorno.ts';

/**
 * The list's pencil and POST /editarUsuario follow one rule (contracts puedeEditarUsuario): each
 * viewer lists its users, then edits every row with the row's own data. The edit goes through
 * exactly on the rows where the pencil shows. Rows of another company never show and are 404.
 */
A.prepararAcceso();

interface Visor {
  token: string;
  xsrf: string;
  id: number;
  nivel: number;
  lider: number;
  permisos: string[];
}
const visores: Record<string, Visor> = {};

beforeAll(async () => {
  // Another leader of demo with a level-2 user and a client: rows a demo leader may not edit.
  const otro = await nuevoLider(A.e, A.ids.demo, 'Lider Norte');
  const clienteNorte = (
    await A.e.db
      .insertInto('clientes')
      .values({ empresa_id: A.ids.demo, lider_id: otro, nombre: 'Cliente Norte' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const base = { empresaId: A.ids.demo, password: 'Clave.123', liderId: otro };
  await usuarios.crear(A.e.db, { ...base, username: 'norte', nombre: 'Lider Norte', nivel: 2 });
  await usuarios.crear(A.e.db, {
    ...base,
    username: 'norte_cli',
    nombre: 'Cliente Norte',
    nivel: 3,
    clienteId: clienteNorte,
  });
  // An administrator without USUARIO_CLIENTE: leaders only.
  await usuarios.crear(A.e.db, { ...base, username: 'admin_sin', nombre: 'Admin', nivel: 1, liderId: null });
  await A.clienteDemoNuevo();
  for (const u of ['root', 'admin', 'lider', 'cliente', 'admin_sin']) {
    const s = await entrar(A.e.app, u, 'demo', u === 'admin_sin' ? 'Clave.123' : undefined);
    visores[u] = s as unknown as Visor;
  }
});

const listar = async (v: Visor) => {
  const r = await pedir(A.e.app, v, 'GET', '/api/usuarios?limit=100');
  return { status: r.statusCode, filas: r.statusCode === 200 ? (r.json().usuarios as UsuarioFila[]) : [] };
};

/** The edit form sent back unchanged. */
const editar = (v: Visor, f: UsuarioFila) =>
  pedir(A.e.app, v, 'POST', '/editarUsuario', {
    id: f.id,
    nombre: f.nombre,
    nivel: f.nivel,
    lider: String(f.liderId),
    cliente: String(f.clienteId),
    maxRecargas: f.maxRecargas,
    phoneNumber: f.phoneNumber === 'null' ? '' : f.phoneNumber,
  });

const regla = (v: Visor, f: UsuarioFila) =>
  puedeEditarUsuario({ id: v.id, nivel: v.nivel, liderId: v.lider || null, permisos: v.permisos }, f);

describe('the pencil shows exactly where the edit goes through', () => {
  it.each([
    ['root', 5],
    ['admin', 5],
    ['admin_sin', 2],
    ['lider', 2],
  ])('%s: every listed row edits (200) iff the pencil shows; %i pencils', async (quien, lapices) => {
    const v = visores[quien] as Visor;
    const { status, filas } = await listar(v);
    expect(status).toBe(200);
    expect(filas.some((f) => f.username === 'solo_gsm')).toBe(false);
    const resultados = [];
    for (const f of filas)
      resultados.push([f.username, regla(v, f), (await editar(v, f)).statusCode === 200]);
    expect(resultados.filter(([, lapiz, edito]) => lapiz !== edito)).toEqual([]);
    expect(resultados.filter(([, lapiz]) => lapiz).length).toBe(lapices);
    // Never their own row.
    expect(resultados.find(([u]) => u === quien)?.[1] ?? false).toBe(false);
  });

  it('a client lists nobody and edits nobody', async () => {
    const v = visores.cliente as Visor;
    expect((await listar(v)).status).toBe(403);
    const { filas } = await listar(visores.admin as Visor);
    for (const f of filas) expect((await editar(v, f)).statusCode).not.toBe(200);
  });

  it("another company's user: no pencil anywhere, and its edit is 404", async () => {
    const ajeno = {
      id: A.ids.usuarioGsm,
      nombre: 'Cliente de GS Móviles',
      nivel: 3,
      liderId: A.ids.liderGsm,
      clienteId: A.ids.clienteGsm,
      maxRecargas: 5,
      phoneNumber: '',
    } as UsuarioFila;
    for (const quien of ['root', 'admin', 'lider']) {
      expect((await editar(visores[quien] as Visor, ajeno)).statusCode).toBe(404);
    }
  });
});
