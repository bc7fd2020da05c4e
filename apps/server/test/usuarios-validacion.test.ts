import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { entrar } from './entorno.ts';
import { pedir } from './peticion.ts';
import * as U from './usuarios-entorno.ts';

// Section 5's validation messages, from the API.
U.prepararUsuarios();

describe('section 5 validation messages, from the API, nothing written', () => {
  const registro: [string, Record<string, unknown>, string][] = [
    ['blank username', { username: '  ' }, M.introduceTodosLosCampos],
    ['missing username', { username: undefined }, M.introduceTodosLosCampos],
    ['blank nombre', { nombre: '' }, M.introduceTodosLosCampos],
    ['blank password', { password: '   ', confirmacion: '   ' }, M.introduceTodosLosCampos],
    ['missing password', { password: undefined, confirmacion: undefined }, M.introduceTodosLosCampos],
    ['passwords differ', { confirmacion: 'Otra.123' }, M.contrasenasNoCoinciden],
    ['phone not a number', { phoneNumber: '55-12a' }, M.telefonoUsuarioInvalido],
    ['phone over 13', { phoneNumber: '12345678901234' }, M.telefonoUsuarioInvalido],
    ['level 3 without client', { cliente: '0' }, M.seleccionaCliente],
    ["level 3 with 'Sin lider'", { lider: '0', cliente: '0' }, M.seleccionaCliente],
    ['maxRecargas 0', { maxRecargas: 0 }, M.rangoMaxRecargas],
    ['maxRecargas over 1,000,000', { maxRecargas: 1_000_001 }, M.rangoMaxRecargas],
    ['maxRecargas not a number', { maxRecargas: 'diez' }, M.rangoMaxRecargas],
    ['username over 50', { username: 'x'.repeat(51) }, M.usernameLargo],
    ['nombre over 100', { nombre: 'x'.repeat(101) }, M.nombreLargo],
  ];
  it.each(registro)('register: %s', async (_caso, cambios, mensaje) => {
    const antes = await U.cuentaUsuarios();
    const r = await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', U.nuevo(cambios));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
    expect(await U.cuentaUsuarios()).toBe(antes);
  });

  it('register: a client of another leader is not that leader’s client', async () => {
    const c = await U.e.db
      .insertInto('clientes')
      .values({
        empresa_id: U.demo,
        lider_id: (
          await U.e.db
            .insertInto('lideres')
            .values({ empresa_id: U.demo, nombre: 'Zona Este' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
        nombre: 'Ajeno',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await pedir(U.e.app, U.admin, 'POST', '/registrarUsuario', U.nuevo({ cliente: c.id }));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(M.seleccionaCliente);
  });

  it("level 2 creator: 'El numero de recargas maximo es {MRD}' over its own MRD (500)", async () => {
    const r = await pedir(U.e.app, U.lider, 'POST', '/registrarUsuario', U.nuevo({ maxRecargas: 501 }));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe('El numero de recargas maximo es 500');
    expect(
      (await pedir(U.e.app, U.lider, 'POST', '/registrarUsuario', U.nuevo({ maxRecargas: 500 }))).statusCode,
    ).toBe(200);
  });

  it("gsmoviles: 'el Numero de recargas maximas son 5' for a client made by a leader; admins exempt", async () => {
    const gsm = (
      await U.e.db
        .selectFrom('empresas')
        .select('id')
        .where('codigo', '=', 'gsmoviles')
        .executeTakeFirstOrThrow()
    ).id;
    const adminGsm = await entrar(U.e.app, 'admin', 'gsmoviles');
    const alta = await pedir(U.e.app, adminGsm, 'POST', '/registrarUsuario', {
      ...U.nuevo({ nivel: 2, lider: 0, cliente: 0, nombre: 'Lider GS', maxRecargas: 1000 }),
      username: 'lidergs',
    });
    expect(alta.statusCode).toBe(200);
    const lgs = await U.fila('lidergs', gsm);
    await U.e.db
      .insertInto('usuario_permisos')
      .values({ usuario_id: lgs.id, clave: 'USUARIO_CLIENTE' })
      .execute();
    const liderGs = await entrar(U.e.app, 'lidergs', 'gsmoviles', 'Clave.123');
    const base = { lider: lgs.lider_id, cliente: 0, clienteNuevo: 'Tienda GS' };
    const r = await pedir(
      U.e.app,
      liderGs,
      'POST',
      '/registrarUsuario',
      U.nuevo({ ...base, maxRecargas: 6 }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe('el Numero de recargas maximas son 5');
    expect(
      (await pedir(U.e.app, liderGs, 'POST', '/registrarUsuario', U.nuevo({ ...base, maxRecargas: 5 })))
        .statusCode,
    ).toBe(200);
    const porAdmin = await pedir(
      U.e.app,
      adminGsm,
      'POST',
      '/registrarUsuario',
      U.nuevo({ ...base, clienteNuevo: 'Tienda GS 2', maxRecargas: 900 }),
    );
    expect(porAdmin.statusCode).toBe(200);
    // demo has no cap: the same leader rule there only limits to the leader's MRD.
    expect(
      (await pedir(U.e.app, U.lider, 'POST', '/registrarUsuario', U.nuevo({ maxRecargas: 6 }))).statusCode,
    ).toBe(200);
  });

  const edicion: [string, Record<string, unknown>, string][] = [
    ['no user chosen', { id: undefined }, M.seleccionaUsuario],
    ['user 0', { id: '0' }, M.seleccionaUsuario],
    ['blank nombre', { nombre: ' ' }, M.introduceTodosLosCampos],
    ['passwords differ', { password: 'Nueva.1', confirmacion: 'Nueva.2' }, M.contrasenasNoCoinciden],
    ['phone not a number', { phoneNumber: 'abc' }, M.telefonoUsuarioInvalido],
    ['level 3 without client', { cliente: 0 }, M.seleccionaCliente],
    ['maxRecargas over 1,000,000', { maxRecargas: 2_000_000 }, M.rangoMaxRecargas],
  ];
  it.each(edicion)('edit: %s', async (_caso, cambios, mensaje) => {
    const u = await U.fila('cliente');
    const r = await pedir(U.e.app, U.admin, 'POST', '/editarUsuario', {
      id: u.id,
      nombre: 'Cambiado',
      nivel: 3,
      lider: U.liderDemo,
      cliente: U.clienteDemo,
      ...cambios,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(mensaje);
    expect((await U.fila('cliente')).nombre).toBe(u.nombre);
  });
});
