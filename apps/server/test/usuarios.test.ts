import { M, texto } from '@recargas/contracts/mensajes';
import { PASSWORD_SIN_CAMBIO } from '@recargas/contracts/usuarios';
import { describe, expect, it } from 'vitest';
import { entrar } from './entorno.ts';
import { pedir, recargar } from './peticion.ts';
import * as U from './usuarios-entorno.ts';

// Register, edit and delete (spec sections 4, 5 and 6).
U.prepararUsuarios();

describe('POST /registrarUsuario', () => {
  it('a client of a leader: Registrado correctamente, argon2id hash, can log in, phone none', async () => {
    const body = U.nuevo({ phoneNumber: 'null' });
    const r = await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', body);
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.registradoCorrectamente);
    const u = await U.fila(body.username);
    expect(u).toMatchObject({
      nivel: 3,
      lider_id: U.liderDemo,
      cliente_id: U.clienteDemo,
      telefono: null,
      max_recargas: 5,
    });
    expect(u.password_hash).toMatch(/^\$argon2id\$/);
    expect(u.password_hash).not.toContain('Clave.123');
    const s = await entrar(U.e.app, body.username, 'demo', 'Clave.123');
    expect(s.nivel).toBe(3);
    const visto = (await pedir(U.e.app, U.admin, 'GET', `/api/usuarios/${u.id}`)).json();
    expect(visto).toMatchObject({ phoneNumber: 'null', lider: 'Lider Demo', cliente: 'Cliente Demo' });
    expect(visto).not.toHaveProperty('password');
    expect(visto).not.toHaveProperty('password_hash');
  });

  it("a leader with 'Sin lider' sent as '0' founds a new leader named after the user", async () => {
    const body = U.nuevo({ nivel: 2, lider: '0', cliente: '0', nombre: 'Zona Norte', maxRecargas: 1000 });
    const r = await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', body);
    expect(r.statusCode).toBe(200);
    const u = await U.fila(body.username);
    const l = await U.e.db
      .selectFrom('lideres')
      .selectAll()
      .where('id', '=', u.lider_id)
      .executeTakeFirstOrThrow();
    expect(l).toMatchObject({ nombre: 'Zona Norte', empresa_id: U.demo });
    expect(u.cliente_id).toBeNull();
    // The same name again is a taken leader name, not a 500.
    const otra = await pedir(
      U.e.app,
      U.admin,
      'POST',
      '/registrarUsuario',
      U.nuevo({ nivel: 2, lider: 0, nombre: 'Zona Norte' }),
    );
    expect(otra.statusCode).toBe(409);
    expect(otra.json().mensaje).toBe(M.liderYaExiste);
  });

  it('a client with a new client name (clienteNuevo) under the chosen leader', async () => {
    const body = U.nuevo({ cliente: '0', clienteNuevo: 'Papelería Sol' });
    expect((await pedir(U.e.app, U.lider, 'POST', '/registrarUsuario', body)).statusCode).toBe(200);
    const u = await U.fila(body.username);
    const c = await U.e.db
      .selectFrom('clientes')
      .selectAll()
      .where('id', '=', u.cliente_id)
      .executeTakeFirstOrThrow();
    expect(c).toMatchObject({ nombre: 'Papelería Sol', lider_id: U.liderDemo });
  });

  it('a taken username, whatever its case, is a 409 with the name', async () => {
    const r = await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', U.nuevo({ username: 'CLIENTE' }));
    expect(r.statusCode).toBe(409);
    expect(r.json().mensaje).toBe(texto('usuarioYaExiste', { username: 'CLIENTE' }));
  });

  it('level 2: Sin lider means its own leader; another leader or level 2 is refused', async () => {
    const propio = U.nuevo({ lider: '0' });
    expect((await pedir(U.e.app, U.lider, 'POST', '/registrarUsuario', propio)).statusCode).toBe(200);
    expect((await U.fila(propio.username)).lider_id).toBe(U.liderDemo);
    const otroLider = (
      await pedir(
        U.e.app,
        U.admin,
        'POST',
        '/registrarUsuario',
        U.nuevo({ nivel: 2, lider: 0, nombre: 'Zona Sur' }),
      )
    ).json();
    expect(otroLider.mensaje).toBe(M.registradoCorrectamente);
    const sur = (
      await U.e.db
        .selectFrom('lideres')
        .select('id')
        .where('nombre', '=', 'Zona Sur')
        .executeTakeFirstOrThrow()
    ).id;
    const antes = await U.cuentaUsuarios();
    expect(
      (await pedir(U.e.app, U.lider, 'POST', '/registrarUsuario', U.nuevo({ lider: sur }))).statusCode,
    ).toBe(403);
    expect(
      (await pedir(U.e.app, U.lider, 'POST', '/registrarUsuario', U.nuevo({ nivel: 2, lider: U.liderDemo })))
        .statusCode,
    ).toBe(403);
    expect(await U.cuentaUsuarios()).toBe(antes);
  });

  it('administrators cannot be created (levels 0 and 1), by anyone', async () => {
    for (const nivel of [0, 1]) {
      const r = await pedir(
        U.e.app,
        U.admin,
        'POST',
        '/registrarUsuario',
        U.nuevo({ nivel, lider: 0, cliente: 0 }),
      );
      expect(r.statusCode).toBe(403);
      expect(r.json().mensaje).toBe(M.administradoresDeshabilitado);
    }
  });
});

describe('POST /editarUsuario', () => {
  it('the six dots (or nothing) keep the password; a new one replaces it', async () => {
    const body = U.nuevo({ phoneNumber: '5512345678' });
    await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', body);
    const u = await U.fila(body.username);
    const editar = (extra: Record<string, unknown>) =>
      pedir(U.e.app, U.admin, 'POST', '/editarUsuario', {
        id: u.id,
        nombre: 'Nombre nuevo',
        nivel: 3,
        lider: U.liderDemo,
        cliente: U.clienteDemo,
        ...extra,
      });
    for (const password of [PASSWORD_SIN_CAMBIO, '......', '', undefined]) {
      const r = await editar({ password, confirmacion: password });
      expect(r.statusCode).toBe(200);
      expect(r.json().mensaje).toBe(M.editadoCorrectamente);
    }
    const tras = await U.fila(body.username);
    expect(tras.password_hash).toBe(u.password_hash);
    expect(tras).toMatchObject({ nombre: 'Nombre nuevo', telefono: '5512345678', max_recargas: 5 });
    await entrar(U.e.app, body.username, 'demo', 'Clave.123');

    expect(
      (await editar({ password: 'Otra.456', confirmacion: 'Otra.456', phoneNumber: 'null', maxRecargas: 7 }))
        .statusCode,
    ).toBe(200);
    const final = await U.fila(body.username);
    expect(final).toMatchObject({ telefono: null, max_recargas: 7 });
    await entrar(U.e.app, body.username, 'demo', 'Otra.456');
    await expect(entrar(U.e.app, body.username, 'demo', 'Clave.123')).rejects.toThrow(/401/);
  });

  it('administrators cannot be edited, nor a user made one', async () => {
    const root = await entrar(U.e.app, 'root');
    const a = await U.fila('admin');
    const r = await pedir(U.e.app, root, 'POST', '/editarUsuario', {
      id: a.id,
      nombre: 'X',
      nivel: 2,
      lider: U.liderDemo,
    });
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.administradoresDeshabilitado);
    const c = await U.fila('cliente');
    const r2 = await pedir(U.e.app, U.admin, 'POST', '/editarUsuario', {
      id: c.id,
      nombre: 'X',
      nivel: 1,
      lider: 0,
    });
    expect(r2.statusCode).toBe(403);
    expect((await U.fila('cliente')).nivel).toBe(3);
  });

  it('level 2 edits only clients of its own leader', async () => {
    const yo = await U.fila('lider');
    expect(
      (
        await pedir(U.e.app, U.lider, 'POST', '/editarUsuario', {
          id: yo.id,
          nombre: 'Yo',
          nivel: 3,
          lider: U.liderDemo,
          cliente: U.clienteDemo,
        })
      ).statusCode,
    ).toBe(403);
    const c = await U.fila('cliente');
    const ok = await pedir(U.e.app, U.lider, 'POST', '/editarUsuario', {
      id: c.id,
      nombre: 'Cliente Demo',
      nivel: 3,
      lider: U.liderDemo,
      cliente: U.clienteDemo,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('soft delete', () => {
  it('keeps the top-ups, refuses the login and the open session, frees the username', async () => {
    const body = U.nuevo();
    await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', body);
    const u = await U.fila(body.username);
    const s = await entrar(U.e.app, body.username, 'demo', 'Clave.123');
    const recarga = await recargar(U.e.app, s, { dn: '5598765432', compania: 'T' }, 'borrado-1');
    expect(recarga.statusCode).toBeLessThan(300);

    const r = await pedir(U.e.app, U.admin, 'POST', '/eliminarUsuario', { id: u.id });
    expect(r.statusCode).toBe(200);
    expect(r.json().mensaje).toBe(M.eliminadoCorrectamente);

    const filas = await U.e.db.selectFrom('recargas').selectAll().where('usuario_id', '=', u.id).execute();
    expect(filas).toHaveLength(1);
    const sigue = await U.e.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(sigue.username).toBe(body.username);
    expect(sigue.eliminado).not.toBeNull();

    const login = await pedir(U.e.app, null, 'POST', '/iniciarSesion', {
      username: body.username,
      password: 'Clave.123',
      empresa: 'demo',
    });
    expect(login.statusCode).toBe(401);
    expect(login.json().mensaje).toBe(M.credencialesInvalidas);
    const conSesion = await pedir(U.e.app, s, 'GET', '/movimientos');
    expect(conSesion.statusCode).toBe(401);

    expect(
      (
        await pedir(U.e.app, U.admin, 'GET', `/api/usuarios?${U.filtros({ username: [body.username] })}`)
      ).json().total,
    ).toBe(0);
    expect((await pedir(U.e.app, U.admin, 'POST', '/eliminarUsuario', { id: u.id })).statusCode).toBe(404);
    expect((await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', { ...body })).statusCode).toBe(200);
  });

  it('nobody deletes themselves or an administrator', async () => {
    const yo = await U.fila('admin');
    const r = await pedir(U.e.app, U.admin, 'POST', '/eliminarUsuario', { id: yo.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.noEliminarPropio);
    const root = await U.fila('root');
    const r2 = await pedir(U.e.app, U.admin, 'POST', '/eliminarUsuario', { id: root.id });
    expect(r2.statusCode).toBe(403);
    expect(r2.json().mensaje).toBe(M.administradoresDeshabilitado);
    expect((await pedir(U.e.app, U.admin, 'POST', '/eliminarUsuario', {})).json().mensaje).toBe(
      M.seleccionaUsuario,
    );
  });
});
