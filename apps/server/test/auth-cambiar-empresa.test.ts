import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar, idEmpresa, type Sesion } from './entorno.ts';
import { pedir } from './peticion.ts';

/** POST /cambiarEmpresa (spec section 7): root works in another company without logging in again. */

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

const cambiar = (s: Pick<Sesion, 'token' | 'xsrf'>, empresa: unknown) =>
  pedir(e.app, s, 'POST', '/cambiarEmpresa', { empresa });
const get = (token: string, url: string) => pedir(e.app, { token: token }, 'GET', url);

/** The session the switch answered: its token and the two cookies, as a login gives them. */
function sesionDe(r: Awaited<ReturnType<typeof cambiar>>) {
  expect(r.statusCode, r.body).toBe(200);
  const cookie = (n: string) => r.cookies.find((c) => c.name === n)?.value ?? '';
  return {
    ...(r.json() as { token: string; nivel: number; empresa: string }),
    xsrf: cookie('XSRF-TOKEN'),
    rt: cookie('rt'),
  };
}
const usernames = async (token: string) =>
  ((await get(token, '/api/usuarios?limit=100')).json().usuarios as { username: string }[])
    .map((u) => u.username)
    .sort();
const renovar = (s: Pick<Sesion, 'rt' | 'xsrf'>) =>
  pedir(e.app, null, 'POST', '/api/renuevaToken', undefined, {
    cookies: { rt: s.rt },
    cabeceras: { 'x-xsrf-token': s.xsrf },
  });

describe('POST /cambiarEmpresa', () => {
  it('root lists every company to choose from', async () => {
    const root = await entrar(e.app, 'root');
    const r = await get(root.token, '/cambiarEmpresa');
    expect(r.statusCode).toBe(200);
    const codigos = (r.json().empresas as { empresa: string }[]).map((x) => x.empresa);
    expect(codigos).toEqual(expect.arrayContaining(['demo', 'vcell', 'bisvi']));
    expect(r.json().empresas).toContainEqual({ empresa: 'vcell', nombre: 'VCell' });
  });

  it('root switches: a new session whose token, theme data and every scoped query are the new company', async () => {
    const root = await entrar(e.app, 'root');
    expect(await usernames(root.token)).toContain('cliente');
    const r = cambiar(root, 'vcell');
    const vcell = sesionDe(await r);
    expect(vcell).toMatchObject({ nivel: 0, username: 'root', empresa: 'vcell' });
    // vcell's settings (scheduling) come with it, as at a login there.
    expect((await r).json().ajustes.programacion).toBe(true);
    expect(vcell.token).not.toBe(root.token);

    expect((await get(vcell.token, '/quienSoy')).json()).toMatchObject({
      empresa: 'vcell',
      username: 'root',
    });
    // Users, port-outs and lines are vcell's now, none of demo's.
    expect(await usernames(vcell.token)).toEqual(['admin']);
    expect((await get(vcell.token, '/api/portOuts')).json().total).toBe(0);
    expect((await get(root.token, '/api/portOuts')).statusCode).toBe(401);
    const demo = await entrar(e.app, 'admin');
    expect((await get(demo.token, '/api/portOuts')).json().total).toBeGreaterThan(0);

    // A write lands in the new company.
    const alta = await pedir(e.app, vcell, 'POST', '/registrarUsuario', {
      username: 'lider-vcell',
      nombre: 'Lider de VCell',
      password: 'Clave.123',
      confirmacion: 'Clave.123',
      nivel: 2,
      liderNuevo: 'Zona VCell',
      maxRecargas: 5,
      phoneNumber: '',
    });
    expect(alta.statusCode, alta.body).toBe(200);
    const fila = await e.db
      .selectFrom('usuarios')
      .select('empresa_id')
      .where('username', '=', 'lider-vcell')
      .executeTakeFirstOrThrow();
    expect(fila.empresa_id).toBe(await idEmpresa(e, 'vcell'));
    expect(await usernames(demo.token)).not.toContain('lider-vcell');
  });

  it('the old token and renewal cookie stop; the new ones renew in the new company; back to demo works', async () => {
    const root = await entrar(e.app, 'root');
    const bisvi = sesionDe(await cambiar(root, 'bisvi'));
    const viejo = await get(root.token, '/quienSoy');
    expect(viejo.statusCode).toBe(401);
    expect(viejo.json().mensaje).toBe(M.tokenInvalido);
    expect((await renovar(root)).statusCode).toBe(401);

    const renovado = await renovar(bisvi);
    expect(renovado.statusCode, renovado.body).toBe(200);
    expect((await get(renovado.json().token, '/quienSoy')).json().empresa).toBe('bisvi');

    const deVuelta = sesionDe(await cambiar(bisvi, 'demo'));
    expect(deVuelta.empresa).toBe('demo');
    expect(await usernames(deVuelta.token)).toContain('cliente');
    const sesion = await e.db
      .selectFrom('sesiones')
      .select('empresa_trabajo_id')
      .where('revocada', 'is', null)
      .where('usuario_id', '=', (await get(deVuelta.token, '/quienSoy')).json().id)
      .orderBy('creada', 'desc')
      .executeTakeFirstOrThrow();
    expect(sesion.empresa_trabajo_id).toBeNull();

    // Logging out of a switched session ends it.
    const otra = sesionDe(await cambiar(deVuelta, 'vcell'));
    const salir = await pedir(e.app, otra, 'POST', '/api/cerrarSesion');
    expect(salir.statusCode).toBe(204);
    expect((await get(otra.token, '/quienSoy')).statusCode).toBe(401);
  });

  it('admin, leader and client get 403 with the catalogue message, on both calls', async () => {
    for (const username of ['admin', 'lider', 'cliente']) {
      const s = await entrar(e.app, username);
      const r = await cambiar(s, 'vcell');
      expect(r.statusCode, username).toBe(403);
      expect(r.json().mensaje).toBe(M.sinPermiso);
      expect((await get(s.token, '/cambiarEmpresa')).statusCode, username).toBe(403);
      expect((await get(s.token, '/quienSoy')).json().empresa).toBe('demo');
    }
  });

  it('an unknown or malformed company is refused, and the session stays where it was', async () => {
    const root = await entrar(e.app, 'root');
    const r = await cambiar(root, 'noexiste');
    expect(r.statusCode).toBe(404);
    expect(r.json().mensaje).toBe(M.empresaDesconocida);
    expect((await cambiar(root, '../demo')).statusCode).toBe(400);
    expect((await cambiar(root, undefined)).statusCode).toBe(400);
    expect((await get(root.token, '/quienSoy')).json().empresa).toBe('demo');
    // Without the anti-forgery header the switch is refused.
    const sinXsrf = await cambiar({ token: root.token, xsrf: '' }, 'vcell');
    expect(sinXsrf.statusCode).toBe(403);
    expect(sinXsrf.json().mensaje).toBe(M.xsrfInvalido);
  });
});
