import { M } from '@recargas/contracts/mensajes';
import { beforeEach, describe, expect, it } from 'vitest';
import * as recargas from '../src/modules/recargas/service.ts';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { SIN_FALLAS } from '../src/providers/simulador.ts';
import { admin, cliente, clienteDemo, demo, e, liderDemo, prepararDemo } from './demo-entorno.ts';
import { idUsuario, simuladorDe } from './entorno.ts';
import { nuevaLlave, v1 } from './integraciones-prueba.ts';
import { pedir } from './peticion.ts';

// Each kind of change of money or permission writes one trail row, with who, from where, the
// row, and its value before and after (issue 22). graciaNoEncontrada: reconciliation decides fast.
prepararDemo({ graciaNoEncontrada: 1 });

let visto = 0;
/** The trail rows written since the last call. */
async function nuevas() {
  const filas = await e.db
    .selectFrom('auditoria')
    .selectAll()
    .where('id', '>', visto)
    .orderBy('id')
    .execute();
  visto = Math.max(visto, ...filas.map((f) => Number(f.id)));
  return filas;
}

beforeEach(async () => {
  (await simuladorDe(e)).configurar(SIN_FALLAS);
  await nuevas();
});

/** The one row the change wrote, checked against who made it. */
async function una(quien: string | null) {
  const filas = await nuevas();
  expect(filas).toHaveLength(1);
  const f = filas[0] as (typeof filas)[number];
  expect(f.empresa_id).toBe(demo);
  if (quien === null) expect(f.usuario_id).toBeNull();
  else {
    expect(f.usuario).toBe(quien);
    expect(f.usuario_id).toBe(await idUsuario(e, demo, quien));
    expect(f.ip).toBe('127.0.0.1');
  }
  return f;
}

const nuevoCliente = async () => {
  const username = `aud${Math.floor(Math.random() * 1e9)}`;
  const cuerpo = { username, nombre: username, password: 'Clave.123', confirmacion: 'Clave.123' };
  const r = await pedir(e.app, admin, 'POST', '/registrarUsuario', {
    ...cuerpo,
    nivel: 3,
    lider: String(liderDemo),
    cliente: String(clienteDemo),
    maxRecargas: 5,
    phoneNumber: '',
  });
  expect(r.statusCode).toBe(200);
  const id = await idUsuario(e, demo, username);
  // Its creation: level and limit as created, by whom and from where.
  const alta = await una('admin');
  expect(alta).toMatchObject({ tipo: 'alta', tabla: 'usuarios', fila: String(id), antes: null });
  expect(alta.despues).toEqual({ nivel: 3, maxRecargas: 5 });
  return { username, id };
};

describe('the audit trail records each change once, with before and after', () => {
  it('a company setting (the settings history reads the same rows)', async () => {
    expect(
      (await pedir(e.app, admin, 'PATCH', '/api/configuraciones', { primaryColor: '#123456' })).statusCode,
    ).toBe(200);
    const f = await una('admin');
    expect(f).toMatchObject({ tipo: 'configuracion', tabla: 'empresas', fila: String(demo) });
    expect(f.despues).toEqual({ primaryColor: '#123456' });
    expect(Object.keys(f.antes as object)).toEqual(['primaryColor']);
    const h = (await pedir(e.app, admin, 'GET', '/api/configuraciones/auditoria')).json();
    expect(h.cambios[0]).toMatchObject({ id: Number(f.id), ajuste: 'primaryColor', nuevo: '#123456' });
  });

  it('a minimum balance; the same value again is no change', async () => {
    const antes = (await pedir(e.app, admin, 'GET', '/minimos')).json().data.minimos[0].minimo;
    expect(
      (await pedir(e.app, admin, 'PATCH', '/minimos', { minimos: [{ id: 1, minimo: antes + 500 }] }))
        .statusCode,
    ).toBe(200);
    const f = await una('admin');
    expect(f).toMatchObject({ tipo: 'minimo', tabla: 'proveedores', antes: { minimo: antes } });
    expect(f.despues).toEqual({ minimo: antes + 500 });
    await pedir(e.app, admin, 'PATCH', '/minimos', { minimos: [{ id: 1, minimo: antes + 500 }] });
    expect(await nuevas()).toEqual([]);
  });

  it("the company's cap of top-ups without a user", async () => {
    const r = await pedir(e.app, admin, 'POST', '/api/configRecargasSinUsuario', { maxRecargas: 77 });
    expect(r.statusCode).toBe(200);
    const f = await una('admin');
    expect(f).toMatchObject({ tipo: 'limite', tabla: 'empresas', despues: { maxRecargasSinUsuario: 77 } });
  });

  it('a platform choice of a carrier, and back to the default', async () => {
    const { plataformas } = (await pedir(e.app, admin, 'GET', '/plataformasEmpresa')).json();
    const pagaqui = plataformas.find((p: { usuario: string }) => p.usuario === 'pagaqui_centro');
    await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
      carrier: 'U',
      empresaPlataformaId: pagaqui.id,
    });
    const ida = await una('admin');
    expect(ida).toMatchObject({ tipo: 'plataforma', tabla: 'plataformas_carrier', fila: 'U' });
    expect(ida.antes).toEqual({ principal: null, respaldo: null });
    expect(ida.despues).toMatchObject({
      principal: { id: pagaqui.id, username: 'pagaqui_centro', numero: 2 },
      respaldo: null,
    });
    await pedir(e.app, admin, 'POST', '/cambiarPlataformasEmpresa', {
      carrier: 'U',
      empresaPlataformaId: null,
    });
    const vuelta = await una('admin');
    expect(vuelta.antes).toEqual(ida.despues);
    expect(vuelta.despues).toEqual({ principal: null, respaldo: null });
  });

  it("a user's limit, level and password: one row each, never the password", async () => {
    const u = await nuevoCliente();
    const editar = (extra: object) =>
      pedir(e.app, admin, 'POST', '/editarUsuario', { id: u.id, nombre: u.username, ...extra });
    const deCliente = { nivel: 3, lider: liderDemo, cliente: clienteDemo };
    expect((await editar({ ...deCliente, maxRecargas: 9 })).statusCode).toBe(200);
    const limite = await una('admin');
    expect(limite).toMatchObject({ tipo: 'limite', tabla: 'usuarios', fila: String(u.id) });
    expect([limite.antes, limite.despues]).toEqual([{ maxRecargas: 5 }, { maxRecargas: 9 }]);

    expect((await editar({ nivel: 2, lider: liderDemo, maxRecargas: 9 })).statusCode).toBe(200);
    const nivel = await una('admin');
    expect([nivel.tipo, nivel.antes, nivel.despues]).toEqual(['nivel', { nivel: 3 }, { nivel: 2 }]);

    const clave = 'Otra.Clave.1';
    const r = await editar({
      nivel: 2,
      lider: liderDemo,
      maxRecargas: 9,
      password: clave,
      confirmacion: clave,
    });
    expect(r.statusCode).toBe(200);
    const password = await una('admin');
    expect([password.tipo, password.antes, password.despues]).toEqual([
      'contrasena',
      null,
      { restablecida: true },
    ]);
    expect(JSON.stringify(await e.db.selectFrom('auditoria').selectAll().execute())).not.toContain(clave);
  });

  it('the amount permission (isMonto)', async () => {
    const u = await nuevoCliente();
    await pedir(e.app, admin, 'POST', '/api/setUsuariosMonto', { username: u.username, isMonto: true });
    const f = await una('admin');
    expect(f).toMatchObject({ tipo: 'monto', fila: String(u.id) });
    expect([f.antes, f.despues]).toEqual([{ isMonto: false }, { isMonto: true }]);
  });

  it("permissions, the route whitelist and a password reset from the operator's CLI", async () => {
    const u = await nuevoCliente();
    await usuarios.cambiarLista(e.db, demo, u.username, 'permisos', ['GRAFICAS', 'INVENTARIO']);
    const p = await una(null);
    expect(p).toMatchObject({ tipo: 'permisos', usuario: M.actorOperador, ip: null });
    expect([p.antes, p.despues]).toEqual([{ permisos: [] }, { permisos: ['GRAFICAS', 'INVENTARIO'] }]);
    await usuarios.cambiarLista(e.db, demo, u.username, 'rutas', ['recargas', 'portabilidades']);
    const r = await una(null);
    expect([r.tipo, r.antes, r.despues]).toEqual([
      'rutas',
      { rutas: [] },
      { rutas: ['recargas', 'portabilidades'] },
    ]);
    await usuarios.restablecerPassword(e.db, demo, u.username, 'Nueva.Clave.9');
    expect(await una(null)).toMatchObject({
      tipo: 'contrasena',
      fila: String(u.id),
      usuario: M.actorOperador,
    });
  });

  it('a top-up decided by its send: the user who asked, from where', async () => {
    const r = await pedir(e.app, cliente, 'POST', '/checkOut', { dn: '5598765432', compania: 'T' });
    expect(r.statusCode).toBe(200);
    const f = await una('cliente');
    expect(f).toMatchObject({ tipo: 'recarga', tabla: 'recargas', fila: String(r.json().id) });
    expect([f.antes, f.despues]).toEqual([
      { estado: 'pendiente' },
      { estado: 'exitosa', folio: r.json().folio },
    ]);

    (await simuladorDe(e)).configurar({ tasaRechazo: 1 });
    const no = await pedir(e.app, cliente, 'POST', '/checkOut', { dn: '5598765433', compania: 'T' });
    expect(no.json().estado).toBe('fallida');
    const g = await una('cliente');
    expect(g.despues).toMatchObject({ estado: 'fallida' });
  });

  it("a top-up through /v1: the key's user, from the caller's address", async () => {
    const { llave } = await nuevaLlave(e, admin, await idUsuario(e, demo, 'cliente'));
    await nuevas();
    const dn = '5598765436';
    const r = await v1(e, llave, 'POST', '/v1/recargas', { dn, compania: 'T' }, 'aud-v1', '10.1.2.3');
    expect(r.statusCode).toBe(200);
    const filas = await nuevas();
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({
      tipo: 'recarga',
      fila: String(r.json().id),
      usuario: 'cliente',
      ip: '10.1.2.3',
    });
  });

  it('a top-up decided by reconciliation: the job, not a user', async () => {
    (await simuladorDe(e)).configurar({ tasaTimeout: 1 });
    const r = await pedir(e.app, cliente, 'POST', '/checkOut', { dn: '5598765434', compania: 'T' });
    expect(r.statusCode).toBe(202);
    expect(await nuevas()).toEqual([]);
    (await simuladorDe(e)).configurar(SIN_FALLAS);
    expect(await recargas.reconciliar(e.app, r.json().id)).toBe(true);
    const f = await una(null);
    expect(f).toMatchObject({
      tipo: 'recarga',
      usuario: M.actorConciliacion,
      ip: null,
      antes: { estado: 'pendiente' },
    });
    expect(f.despues).toMatchObject({ estado: 'exitosa' });
  });
});
