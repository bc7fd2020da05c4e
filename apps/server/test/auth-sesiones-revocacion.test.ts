import { CABECERA_PERMISOS, huellaPermisos } from '@recargas/contracts/auth/rutas';
import { M } from '@recargas/contracts/mensajes';
import { PASSWORD_SIN_CAMBIO } from '@recargas/contracts/usuarios';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';

// Issue 17: a change to what a user may do, or to who can be them, ends every session of that
// user at once (access token and renewal cookie); a change to nothing of that keeps them.

let e: Entorno;
type Sesion = Awaited<ReturnType<typeof entrar>>;
let admin: Sesion;
let liderDemo: number;
let clienteDemo: number;
const CLAVE = 'Clave.123';

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  const id = async (tabla: 'lideres' | 'clientes', nombre: string) =>
    (await e.db.selectFrom(tabla).select('id').where('nombre', '=', nombre).executeTakeFirstOrThrow()).id;
  liderDemo = await id('lideres', 'Lider Demo');
  clienteDemo = await id('clientes', 'Cliente Demo');
});
afterAll(() => e.cerrar());

const post = (s: Sesion, url: string, payload: Record<string, unknown>) =>
  pedir(e.app, s, 'POST', url, payload);
const quienSoy = (s: Sesion) => pedir(e.app, s, 'GET', '/quienSoy');
const renovar = (s: Sesion) =>
  pedir(e.app, null, 'POST', '/api/renuevaToken', undefined, {
    cookies: { rt: s.rt },
    cabeceras: { 'x-xsrf-token': s.xsrf },
  });

/** Both halves of a session still work: the access token and the renewal cookie. */
async function sigueViva(s: Sesion) {
  expect((await quienSoy(s)).statusCode).toBe(200);
  expect((await renovar(s)).statusCode).toBe(200);
}

/** Both halves of a session are dead, with the message that sends the browser to login. */
async function estaMuerta(s: Sesion) {
  const q = await quienSoy(s);
  expect(q.statusCode).toBe(401);
  expect(q.json().mensaje).toBe(M.tokenInvalido);
  const r = await renovar(s);
  expect(r.statusCode).toBe(401);
  expect(r.json().mensaje).toBe(M.tokenInvalido);
}

let n = 0;
/** A new client of Lider Demo, created by the admin, with two open sessions of its own. */
async function clienteNuevo() {
  const username = `rev${++n}`;
  const alta = await post(admin, '/registrarUsuario', {
    username,
    nombre: `Revocación ${n}`,
    password: CLAVE,
    confirmacion: CLAVE,
    nivel: 3,
    lider: liderDemo,
    cliente: clienteDemo,
    maxRecargas: 5,
  });
  expect(alta.statusCode).toBe(200);
  const { id } = await e.db
    .selectFrom('usuarios')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const sesiones = [
    await entrar(e.app, username, 'demo', CLAVE),
    await entrar(e.app, username, 'demo', CLAVE),
  ];
  for (const s of sesiones) await sigueViva(s);
  return { id, username, sesiones };
}

/** The edit form as the screen sends it: everything as the user is, plus `cambios`. */
const editar = (u: { id: number; username: string }, cambios: Record<string, unknown> = {}) =>
  post(admin, '/editarUsuario', {
    id: u.id,
    nombre: `Revocación ${u.username}`,
    nivel: 3,
    lider: liderDemo,
    cliente: clienteDemo,
    ...cambios,
  });

describe('changes that end the sessions of a user', () => {
  it('a password reset by an admin: old token and renewal cookie die at once; the new password works', async () => {
    const u = await clienteNuevo();
    const r = await editar(u, { password: 'Otra.Clave.9', confirmacion: 'Otra.Clave.9' });
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.editadoCorrectamente);
    for (const s of u.sesiones) await estaMuerta(s);
    // The admin who made the change keeps working.
    await sigueViva(admin);
    // The old password no longer opens a session; the new one does, and that session lives.
    const vieja = await pedir(
      e.app,
      null,
      'POST',
      '/iniciarSesion',
      { username: u.username, password: CLAVE, empresa: 'demo' },
      { ip: '10.17.0.1' },
    );
    expect(vieja.statusCode).toBe(401);
    await sigueViva(await entrar(e.app, u.username, 'demo', 'Otra.Clave.9'));
  });

  it('a level change (client to leader)', async () => {
    const u = await clienteNuevo();
    expect((await editar(u, { nivel: 2, cliente: 0 })).statusCode).toBe(200);
    for (const s of u.sesiones) await estaMuerta(s);
    await sigueViva(admin);
  });

  it('a leader change (and so a client of the new leader)', async () => {
    const otro = await post(admin, '/registrarUsuario', {
      username: 'rev-otro-lider',
      nombre: 'Otro Líder',
      password: CLAVE,
      nivel: 2,
      lider: 0,
      liderNuevo: 'Otro Líder',
    });
    expect(otro.statusCode).toBe(200);
    const otroLider = await e.db
      .selectFrom('lideres')
      .select('id')
      .where('nombre', '=', 'Otro Líder')
      .executeTakeFirstOrThrow();
    const u = await clienteNuevo();
    expect(
      (await editar(u, { lider: otroLider.id, cliente: 0, clienteNuevo: 'Cliente Otro' })).statusCode,
    ).toBe(200);
    for (const s of u.sesiones) await estaMuerta(s);
  });

  it('a client change under the same leader', async () => {
    const u = await clienteNuevo();
    expect((await editar(u, { cliente: 0, clienteNuevo: `Cliente ${u.username}` })).statusCode).toBe(200);
    for (const s of u.sesiones) await estaMuerta(s);
  });

  it('a delete', async () => {
    const u = await clienteNuevo();
    expect((await post(admin, '/eliminarUsuario', { id: u.id })).statusCode).toBe(200);
    for (const s of u.sesiones) await estaMuerta(s);
    // Revoked in the database too, not only hidden by the deleted user's row.
    const abiertas = await e.db
      .selectFrom('sesiones')
      .select('id')
      .where('usuario_id', '=', u.id)
      .where('revocada', 'is', null)
      .execute();
    expect(abiertas).toEqual([]);
    await sigueViva(admin);
  });
});

describe('changes that keep the sessions', () => {
  it('Permiso Monto (issue 41): the sessions go on; their answers name the new permissions', async () => {
    const u = await clienteNuevo();
    const s = u.sesiones[0] as Sesion;
    const huella = async () => (await quienSoy(s)).headers[CABECERA_PERMISOS];
    const antes = await huella();
    const monto = (isMonto: boolean) =>
      post(admin, '/api/setUsuariosMonto', { username: u.username, isMonto });
    expect((await monto(true)).statusCode).toBe(200);
    for (const x of u.sesiones) await sigueViva(x);
    expect(await huella()).toBe(huellaPermisos([], true));
    expect(await huella()).not.toBe(antes);
    expect((await monto(false)).statusCode).toBe(200);
    expect(await huella()).toBe(antes);
    await sigueViva(s);
  });

  it('a name, phone or daily limit edit, with the password left as the six dots', async () => {
    const u = await clienteNuevo();
    const r = await editar(u, {
      nombre: 'Nombre Nuevo',
      phoneNumber: '5512345678',
      maxRecargas: 7,
      password: PASSWORD_SIN_CAMBIO,
    });
    expect(r.statusCode).toBe(200);
    const fila = await e.db
      .selectFrom('usuarios')
      .select(['nombre', 'telefono', 'max_recargas'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(fila).toEqual({ nombre: 'Nombre Nuevo', telefono: '5512345678', max_recargas: 7 });
    for (const s of u.sesiones) await sigueViva(s);
  });

  it('only the edited user loses sessions: another user of the same client keeps theirs', async () => {
    const a = await clienteNuevo();
    const b = await clienteNuevo();
    expect((await editar(a, { password: 'Otra.Clave.9' })).statusCode).toBe(200);
    for (const s of a.sesiones) await estaMuerta(s);
    for (const s of b.sesiones) await sigueViva(s);
  });

  it('a refused edit changes nothing and ends nothing', async () => {
    const u = await clienteNuevo();
    // A leader that does not exist: 404, and neither the password nor the sessions change.
    const r = await editar(u, { password: 'Otra.Clave.9', lider: 2_000_000 });
    expect(r.statusCode).toBe(404);
    for (const s of u.sesiones) await sigueViva(s);
    await sigueViva(await entrar(e.app, u.username, 'demo', CLAVE));
  });
});
