import { randomBytes } from 'node:crypto';
import { M } from '@recargas/contracts/mensajes';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { construirApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { cifrar, descifrar, hmac } from '../src/lib/claves.ts';
import { entrarConCodigo, ponerSecreto, SEMILLA, secretoGuardado } from './dos-pasos-prueba.ts';
import { crearEntorno, type Entorno, entrar, PASSWORD_DEMO } from './entorno.ts';
import { pedir } from './peticion.ts';

/**
 * Key rotation (issue 39): JWT_SECRET with JWT_SECRET_ANTERIOR for the sessions already open, and
 * the two-step secrets under keys of their own (DOS_PASOS_CLAVES). A process restarted with new
 * settings is a second app on the same database.
 */
let e: Entorno;
const apps: FastifyInstance[] = [];
const NUEVO = randomBytes(32).toString('hex');
const AJENO = randomBytes(32).toString('hex');

beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await e.cerrar();
});

/** An API process on the same database started with other settings. */
async function reiniciada(ajustes: Partial<Config>) {
  const app = await construirApp({ ...e.config, ...ajustes }, e.db);
  await app.ready();
  apps.push(app);
  return app;
}
/** Rotated: signs with NUEVO, still accepts the secret of before. */
const rotada = () => reiniciada({ jwtSecret: NUEVO, jwtSecretAnterior: e.config.jwtSecret });
/** After the rotation window: NUEVO alone. */
const sinAnterior = () => reiniciada({ jwtSecret: NUEVO, jwtSecretAnterior: undefined });

const quienSoy = (app: FastifyInstance, token: string) => pedir(app, { token: token }, 'GET', '/quienSoy');
/** A harmless state-changing call: the access check wants the XSRF header on it. */
const marcarLeidas = (app: FastifyInstance, token: string, xsrf: string) =>
  pedir(app, { token: token, xsrf: xsrf }, 'POST', '/api/notificaciones/leidas');
const renovar = (app: FastifyInstance, rt: string, xsrf: string) =>
  pedir(app, null, 'POST', '/api/renuevaToken', undefined, {
    cookies: { rt },
    cabeceras: { 'x-xsrf-token': xsrf },
  });

describe('JWT_SECRET rotation', () => {
  it('a session started before it goes on while JWT_SECRET_ANTERIOR is set: token, XSRF, renewal', async () => {
    const s = await entrar(e.app, 'admin');
    const app = await rotada();
    const yo = await quienSoy(app, s.token);
    expect([yo.statusCode, yo.json().username]).toEqual([200, 'admin']);
    expect((await marcarLeidas(app, s.token, s.xsrf)).statusCode).toBe(200);
    const r = await renovar(app, s.rt, s.xsrf);
    expect(r.statusCode).toBe(200);
    // The renewed token is signed with the new secret.
    await expect(jwtVerify(r.json().token, new TextEncoder().encode(NUEVO))).resolves.toBeTruthy();
  });

  it('once JWT_SECRET_ANTERIOR is unset, what the old secret signed is refused', async () => {
    const s = await entrar(e.app, 'admin');
    // In use before and during the rotation: a token remembered as good must not vouch for itself.
    expect((await quienSoy(e.app, s.token)).statusCode).toBe(200);
    const app1 = await rotada();
    expect((await quienSoy(app1, s.token)).statusCode).toBe(200);
    const renovado = (await renovar(app1, s.rt, s.xsrf)).json().token as string;
    const app = await sinAnterior();
    expect((await quienSoy(app, s.token)).json()).toEqual({ mensaje: M.tokenInvalido });
    expect((await quienSoy(app, renovado)).statusCode).toBe(200);
    const marcar = await marcarLeidas(app, renovado, s.xsrf);
    expect([marcar.statusCode, marcar.json().mensaje]).toEqual([403, M.xsrfInvalido]);
    const r = await renovar(app, s.rt, s.xsrf);
    expect([r.statusCode, r.json().mensaje]).toEqual([403, M.xsrfInvalido]);
  });

  it('during the rotation a token or XSRF value signed with any other key is refused', async () => {
    const app = await rotada();
    const s = await entrar(app, 'admin');
    const { sub, emp, niv, sid, exp } = decodeJwt(s.token);
    const falso = await new SignJWT({ emp, niv, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(sub))
      .setExpirationTime(Number(exp))
      .sign(new TextEncoder().encode(AJENO));
    expect((await quienSoy(app, falso)).json()).toEqual({ mensaje: M.tokenInvalido });
    const xsrfFalso = hmac(AJENO, `xsrf:${sid}`);
    expect((await marcarLeidas(app, s.token, xsrfFalso)).json()).toEqual({ mensaje: M.xsrfInvalido });
    expect((await renovar(app, s.rt, xsrfFalso)).json()).toEqual({ mensaje: M.xsrfInvalido });
    expect((await marcarLeidas(app, s.token, s.xsrf)).statusCode).toBe(200);
  });
});

describe('two-step secrets under DOS_PASOS_CLAVES', () => {
  it('a new secret is stored as <key id>:<ciphertext> under the current key, not the JWT secret', async () => {
    await ponerSecreto(e.db, 'demo', 'root', null);
    const qr = await pedir(e.app, null, 'POST', '/iniciarSesion', {
      username: 'root',
      password: PASSWORD_DEMO,
      empresa: 'demo',
    });
    expect(qr.json().code).toBe(13);
    const guardado = (await secretoGuardado(e.db, 'demo', 'root')) ?? '';
    expect(guardado.startsWith('prueba:')).toBe(true);
    const cifrado = guardado.slice('prueba:'.length);
    expect(() => descifrar(e.config.jwtSecret, cifrado)).toThrow();
    const semilla = descifrar(e.config.dosPasos.claves.prueba ?? '', cifrado);
    expect((await entrarConCodigo(e.app, e.db, 'demo', 'root', semilla)).statusCode).toBe(200);
  });

  it('a row written before (JWT secret, no key id) logs in, also with that secret as JWT_SECRET_ANTERIOR', async () => {
    await ponerSecreto(e.db, 'demo', 'admin', cifrar(e.config.jwtSecret, SEMILLA));
    expect((await entrarConCodigo(e.app, e.db, 'demo', 'admin')).statusCode).toBe(200);
    expect((await entrarConCodigo(await rotada(), e.db, 'demo', 'admin')).statusCode).toBe(200);
    const sinLeer = await entrarConCodigo(await sinAnterior(), e.db, 'demo', 'admin');
    expect([sinLeer.statusCode, sinLeer.json()]).toEqual([401, { code: 15, mensaje: M.codigoIncorrecto }]);
  });

  it('an unknown key id: the Spanish refusal, not a 500, and an error log naming the key', async () => {
    await ponerSecreto(e.db, 'tonodigital', 'admin', `viejo:${cifrar(AJENO, SEMILLA)}`);
    const error = vi.spyOn(e.app.log, 'error');
    const r = await entrarConCodigo(e.app, e.db, 'tonodigital', 'admin');
    expect([r.statusCode, r.json()]).toEqual([401, { code: 15, mensaje: M.codigoIncorrecto }]);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ clave: 'viejo' }),
      expect.stringContaining('clave viejo'),
    );
    error.mockRestore();
  });
});
