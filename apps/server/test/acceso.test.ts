import cookie from '@fastify/cookie';
import { M } from '@recargas/contracts/mensajes';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceso } from '../src/plugins/acceso.ts';
import { errores } from '../src/plugins/errores.ts';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

/** A bare app with the real access check on three paths of the table, one per kind of rule. */
async function appDePrueba() {
  const app = Fastify();
  app.decorate('db', e.db);
  app.decorate('config', e.config);
  await app.register(errores);
  await app.register(cookie);
  await app.register(acceso);
  // Administrators only; GRAFICAS; every level.
  app.get('/saldosData', async (req) => ({ empresa: req.sesion.empresa }));
  app.get('/graficas', async () => ({ ok: true }));
  app.post('/checkOut', async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the access check declared per route', () => {
  it('refuses a route missing from the table at start-up', async () => {
    const app = Fastify();
    app.decorate('db', e.db);
    app.decorate('config', e.config);
    await app.register(acceso);
    expect(() => app.get('/olvidada', async () => ({}))).toThrow(/no está en ENDPOINTS/);
  });

  it('levels: table of level -> outcome', async () => {
    const app = await appDePrueba();
    const casos = [
      ['root', 200],
      ['admin', 200],
      ['lider', 403],
      ['cliente', 403],
    ] as const;
    for (const [usuario, esperado] of casos) {
      const s = await entrar(e.app, usuario);
      const r = await pedir(app, s, 'GET', '/saldosData');
      expect(r.statusCode, usuario).toBe(esperado);
      if (esperado === 403) expect(r.json().mensaje).toBe(M.sinPermiso);
      else expect(r.json().empresa).toBe('demo');
    }
  });

  it('permissions: an administrator without GRAFICAS is refused', async () => {
    const app = await appDePrueba();
    const conPermiso = await entrar(e.app, 'admin');
    // capturista is an administrator without GRAFICAS (and whitelisted to administrarBase).
    const sinPermiso = await entrar(e.app, 'capturista');
    expect((await pedir(app, conPermiso, 'GET', '/graficas')).statusCode).toBe(200);
    const r = await pedir(app, sinPermiso, 'GET', '/graficas');
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.sinPermiso);
  });

  it('a permission removed in the database takes effect on the next request', async () => {
    const app = await appDePrueba();
    const s = await entrar(e.app, 'admin');
    const u = await e.db
      .selectFrom('usuarios')
      .select('id')
      .where('username', '=', 'admin')
      .where('empresa_id', '=', 1)
      .executeTakeFirstOrThrow();
    await e.db
      .deleteFrom('usuario_permisos')
      .where('usuario_id', '=', u.id)
      .where('clave', '=', 'GRAFICAS')
      .execute();
    expect((await pedir(app, s, 'GET', '/graficas')).statusCode).toBe(403);
  });

  it('route whitelist: an administrator reaches only the endpoints of their screens, at once', async () => {
    const app = await appDePrueba();
    const s = await entrar(e.app, 'capturista');
    const saldos = () => pedir(app, s, 'GET', '/saldosData');
    const r = await saldos();
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.sinPermiso);
    const u = await e.db
      .selectFrom('usuarios')
      .select('id')
      .where('username', '=', 'capturista')
      .executeTakeFirstOrThrow();
    await e.db.insertInto('usuario_rutas').values({ usuario_id: u.id, ruta: 'saldos', orden: 1 }).execute();
    expect((await saldos()).statusCode).toBe(200);
    await e.db
      .deleteFrom('usuario_rutas')
      .where('usuario_id', '=', u.id)
      .where('ruta', '=', 'saldos')
      .execute();
    expect((await saldos()).statusCode).toBe(403);
  });

  it('state-changing calls need the XSRF header of the session; anonymous ones get 401 before validation', async () => {
    const app = await appDePrueba();
    const s = await entrar(e.app, 'cliente');
    expect((await pedir(app, { token: s.token }, 'POST', '/checkOut')).statusCode).toBe(403);
    expect((await pedir(app, s, 'POST', '/checkOut')).statusCode).toBe(200);
    const anonimo = await pedir(app, null, 'POST', '/checkOut', '{bad', {
      cabeceras: { 'content-type': 'application/json' },
    });
    expect(anonimo.statusCode).toBe(401);
    expect(anonimo.json().mensaje).toBe(M.tokenInvalido);
  });
});
