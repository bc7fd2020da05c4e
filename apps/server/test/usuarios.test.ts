import { M, texto } from '@recargas/contracts/mensajes';
import { PASSWORD_SIN_CAMBIO } from '@recargas/contracts/usuarios';
import { describe, expect, it } from 'vitest';
import { conToken, entrar } from './entorno.ts';
import {
  admin,
  clienteDemo,
  cuentaUsuarios,
  demo,
  e,
  fila,
  filtros,
  get,
  lider,
  liderDemo,
  nuevo,
  post,
  prepararUsuarios,
} from './usuarios-entorno.ts';

// Register, edit and delete (spec sections 4, 5 and 6).
prepararUsuarios();

describe('POST /registrarUsuario', () => {
  it('a client of a leader: Registrado correctamente, argon2id hash, can log in, phone none', async () => {
    const body = nuevo({ phoneNumber: 'null' });
    const r = await post(admin, '/registrarUsuario', body);
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.registradoCorrectamente);
    const u = await fila(body.username);
    expect(u).toMatchObject({
      nivel: 3,
      lider_id: liderDemo,
      cliente_id: clienteDemo,
      telefono: null,
      max_recargas: 5,
    });
    expect(u.password_hash).toMatch(/^\$argon2id\$/);
    expect(u.password_hash).not.toContain('Clave.123');
    const s = await entrar(e.app, body.username, 'demo', 'Clave.123');
    expect(s.nivel).toBe(3);
    const visto = (await get(admin, `/api/usuarios/${u.id}`)).json();
    expect(visto).toMatchObject({ phoneNumber: 'null', lider: 'Lider Demo', cliente: 'Cliente Demo' });
    expect(visto).not.toHaveProperty('password');
    expect(visto).not.toHaveProperty('password_hash');
  });

  it("a leader with 'Sin lider' sent as '0' founds a new leader named after the user", async () => {
    const body = nuevo({ nivel: 2, lider: '0', cliente: '0', nombre: 'Zona Norte', maxRecargas: 1000 });
    const r = await post(admin, '/registrarUsuario', body);
    expect(r.statusCode).toBe(200);
    const u = await fila(body.username);
    const l = await e.db
      .selectFrom('lideres')
      .selectAll()
      .where('id', '=', u.lider_id)
      .executeTakeFirstOrThrow();
    expect(l).toMatchObject({ nombre: 'Zona Norte', empresa_id: demo });
    expect(u.cliente_id).toBeNull();
    // The same name again is a taken leader name, not a 500.
    const otra = await post(admin, '/registrarUsuario', nuevo({ nivel: 2, lider: 0, nombre: 'Zona Norte' }));
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(M.liderYaExiste);
  });

  it('a client with a new client name (clienteNuevo) under the chosen leader', async () => {
    const body = nuevo({ cliente: '0', clienteNuevo: 'Papelería Sol' });
    expect((await post(lider, '/registrarUsuario', body)).statusCode).toBe(200);
    const u = await fila(body.username);
    const c = await e.db
      .selectFrom('clientes')
      .selectAll()
      .where('id', '=', u.cliente_id)
      .executeTakeFirstOrThrow();
    expect(c).toMatchObject({ nombre: 'Papelería Sol', lider_id: liderDemo });
  });

  it('a taken username, whatever its case, is a 409 with the name', async () => {
    const r = await post(admin, '/registrarUsuario', nuevo({ username: 'CLIENTE' }));
    expect(r.statusCode).toBe(409);
    expect(r.json().mensaje).toBe(texto('usuarioYaExiste', { username: 'CLIENTE' }));
  });

  it('level 2: Sin lider means its own leader; another leader or level 2 is refused', async () => {
    const propio = nuevo({ lider: '0' });
    expect((await post(lider, '/registrarUsuario', propio)).statusCode).toBe(200);
    expect((await fila(propio.username)).lider_id).toBe(liderDemo);
    const otroLider = (
      await post(admin, '/registrarUsuario', nuevo({ nivel: 2, lider: 0, nombre: 'Zona Sur' }))
    ).json();
    expect(otroLider.mensaje).toBe(M.registradoCorrectamente);
    const sur = (
      await e.db.selectFrom('lideres').select('id').where('nombre', '=', 'Zona Sur').executeTakeFirstOrThrow()
    ).id;
    const antes = await cuentaUsuarios();
    expect((await post(lider, '/registrarUsuario', nuevo({ lider: sur }))).statusCode).toBe(403);
    expect((await post(lider, '/registrarUsuario', nuevo({ nivel: 2, lider: liderDemo }))).statusCode).toBe(
      403,
    );
    expect(await cuentaUsuarios()).toBe(antes);
  });

  it('administrators cannot be created (levels 0 and 1), by anyone', async () => {
    for (const nivel of [0, 1]) {
      const r = await post(admin, '/registrarUsuario', nuevo({ nivel, lider: 0, cliente: 0 }));
      expect(r.statusCode).toBe(403);
      expect(r.json().mensaje).toBe(M.administradoresDeshabilitado);
    }
  });
});

describe('POST /editarUsuario', () => {
  it('the six dots (or nothing) keep the password; a new one replaces it', async () => {
    const body = nuevo({ phoneNumber: '5512345678' });
    await post(admin, '/registrarUsuario', body);
    const u = await fila(body.username);
    const editar = (extra: Record<string, unknown>) =>
      post(admin, '/editarUsuario', {
        id: u.id,
        nombre: 'Nombre nuevo',
        nivel: 3,
        lider: liderDemo,
        cliente: clienteDemo,
        ...extra,
      });
    for (const password of [PASSWORD_SIN_CAMBIO, '......', '', undefined]) {
      const r = await editar({ password, confirmacion: password });
      expect(r.statusCode).toBe(200);
      expect(r.json().mensaje).toBe(M.editadoCorrectamente);
    }
    const tras = await fila(body.username);
    expect(tras.password_hash).toBe(u.password_hash);
    expect(tras).toMatchObject({ nombre: 'Nombre nuevo', telefono: '5512345678', max_recargas: 5 });
    await entrar(e.app, body.username, 'demo', 'Clave.123');

    expect(
      (await editar({ password: 'Otra.456', confirmacion: 'Otra.456', phoneNumber: 'null', maxRecargas: 7 }))
        .statusCode,
    ).toBe(200);
    const final = await fila(body.username);
    expect(final).toMatchObject({ telefono: null, max_recargas: 7 });
    await entrar(e.app, body.username, 'demo', 'Otra.456');
    await expect(entrar(e.app, body.username, 'demo', 'Clave.123')).rejects.toThrow(/401/);
  });

  it('administrators cannot be edited, nor a user made one', async () => {
    const root = await entrar(e.app, 'root');
    const a = await fila('admin');
    const r = await post(root, '/editarUsuario', { id: a.id, nombre: 'X', nivel: 2, lider: liderDemo });
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.administradoresDeshabilitado);
    const c = await fila('cliente');
    const r2 = await post(admin, '/editarUsuario', { id: c.id, nombre: 'X', nivel: 1, lider: 0 });
    expect(r2.statusCode).toBe(403);
    expect((await fila('cliente')).nivel).toBe(3);
  });

  it('level 2 edits only clients of its own leader', async () => {
    const yo = await fila('lider');
    expect(
      (
        await post(lider, '/editarUsuario', {
          id: yo.id,
          nombre: 'Yo',
          nivel: 3,
          lider: liderDemo,
          cliente: clienteDemo,
        })
      ).statusCode,
    ).toBe(403);
    const c = await fila('cliente');
    const ok = await post(lider, '/editarUsuario', {
      id: c.id,
      nombre: 'Cliente Demo',
      nivel: 3,
      lider: liderDemo,
      cliente: clienteDemo,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('soft delete', () => {
  it('keeps the top-ups, refuses the login and the open session, frees the username', async () => {
    const body = nuevo();
    await post(admin, '/registrarUsuario', body);
    const u = await fila(body.username);
    const s = await entrar(e.app, body.username, 'demo', 'Clave.123');
    const recarga = await e.app.inject({
      method: 'POST',
      url: '/checkOut',
      payload: { dn: '5598765432', compania: 'T' },
      headers: { ...conToken(s.token, s.xsrf), 'idempotency-key': 'borrado-1' },
    });
    expect(recarga.statusCode).toBeLessThan(300);

    const r = await post(admin, '/eliminarUsuario', { id: u.id });
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.eliminadoCorrectamente);

    const filas = await e.db.selectFrom('recargas').selectAll().where('usuario_id', '=', u.id).execute();
    expect(filas).toHaveLength(1);
    const sigue = await e.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(sigue.username).toBe(body.username);
    expect(sigue.eliminado).not.toBeNull();

    const login = await e.app.inject({
      method: 'POST',
      url: '/iniciarSesion',
      payload: { username: body.username, password: 'Clave.123', empresa: 'demo' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().mensaje).toBe(M.credencialesInvalidas);
    const conSesion = await get(s, '/movimientos');
    expect(conSesion.statusCode).toBe(401);

    expect((await get(admin, `/api/usuarios?${filtros({ username: [body.username] })}`)).json().total).toBe(
      0,
    );
    expect((await post(admin, '/eliminarUsuario', { id: u.id })).statusCode).toBe(404);
    expect((await post(admin, '/registrarUsuario', { ...body })).statusCode).toBe(200);
  });

  it('nobody deletes themselves or an administrator', async () => {
    const yo = await fila('admin');
    const r = await post(admin, '/eliminarUsuario', { id: yo.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.noEliminarPropio);
    const root = await fila('root');
    const r2 = await post(admin, '/eliminarUsuario', { id: root.id });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().mensaje).toBe(M.administradoresDeshabilitado);
    expect((await post(admin, '/eliminarUsuario', {})).json().mensaje).toBe(M.seleccionaUsuario);
  });
});
