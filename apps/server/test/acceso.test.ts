import cookie from '@fastify/cookie';
import { M } from '@recargas/contracts/mensajes';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceso } from '../src/plugins/acceso.ts';
import { errores } from '../src/plugins/errores.ts';
import { conToken, crearEntorno, type Entorno, entrar } from './entorno.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

/** A bare app with the real access check and one route per kind of rule. */
async function appDePrueba() {
  const app = Fastify();
  app.decorate('db', e.db);
  app.decorate('config', e.config);
  await app.register(errores);
  await app.register(cookie);
  await app.register(acceso);
  app.get('/solo-admins', { config: { acceso: { niveles: [0, 1] } } }, async (req) => ({
    empresa: req.sesion.empresa,
  }));
  app.get('/graficas', { config: { acceso: { niveles: [0, 1], permisos: ['GRAFICAS'] } } }, async () => ({
    ok: true,
  }));
  app.post('/cambia', { config: { acceso: { niveles: [0, 1, 2, 3] } } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe('the access check declared per route', () => {
  it('refuses a route registered without config.acceso at start-up', async () => {
    const app = Fastify();
    app.decorate('db', e.db);
    app.decorate('config', e.config);
    await app.register(acceso);
    expect(() => app.get('/olvidada', async () => ({}))).toThrow(/no declara config.acceso/);
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
      const r = await app.inject({ url: '/solo-admins', headers: conToken(s.token) });
      expect(r.statusCode, usuario).toBe(esperado);
      if (esperado === 403) expect(r.json().mensaje).toBe(M.sinPermiso);
      else expect(r.json().empresa).toBe('demo');
    }
  });

  it('permissions: an administrator without GRAFICAS is refused', async () => {
    const app = await appDePrueba();
    const conPermiso = await entrar(e.app, 'admin');
    const sinPermiso = await entrar(e.app, 'portas');
    expect((await app.inject({ url: '/graficas', headers: conToken(conPermiso.token) })).statusCode).toBe(
      200,
    );
    const r = await app.inject({ url: '/graficas', headers: conToken(sinPermiso.token) });
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
    expect((await app.inject({ url: '/graficas', headers: conToken(s.token) })).statusCode).toBe(403);
  });

  it('state-changing calls need the XSRF header of the session; anonymous ones get 401 before validation', async () => {
    const app = await appDePrueba();
    const s = await entrar(e.app, 'cliente');
    expect(
      (await app.inject({ method: 'POST', url: '/cambia', headers: conToken(s.token) })).statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ method: 'POST', url: '/cambia', headers: conToken(s.token, s.xsrf) })).statusCode,
    ).toBe(200);
    const anonimo = await app.inject({
      method: 'POST',
      url: '/cambia',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonimo.statusCode).toBe(401);
    expect(anonimo.json().mensaje).toBe(M.tokenInvalido);
  });
});
