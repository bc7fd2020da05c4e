import { M } from '@recargas/contracts/mensajes';
import { decodeJwt, SignJWT } from 'jose';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descifrarDosPasos } from '../src/modules/auth/llaves.ts';
import { conToken, crearEntorno, type Entorno, entrar, PASSWORD_DEMO } from './entorno.ts';
import { pedir } from './peticion.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno();
});
afterAll(() => e.cerrar());

const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  pedir(e.app, null, 'POST', '/iniciarSesion', payload, { ip });

const firmarCon = (claims: Record<string, unknown>, sub: string, exp: number, secreto = e.config.jwtSecret) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secreto));

describe('login', () => {
  it('returns the login response of spec section 3 with the session data', async () => {
    const r = await login({ username: 'admin', password: PASSWORD_DEMO, empresa: 'demo' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ nivel: 1, isMonto: true, username: 'admin', empresa: 'demo', lider: 0 });
    expect(body.MRD).toBe(100000);
    expect(body.permisos).toContain('GRAFICAS');
    expect(typeof body.token).toBe('string');
    expect(decodeJwt(body.token).sub).toBe(String(body.id));
    const xsrf = r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    const rt = r.cookies.find((c) => c.name === 'rt');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(rt?.httpOnly).toBe(true);
    expect(rt?.path).toBe('/api/renuevaToken');
  });

  it('is case-insensitive on username and company, and gives the leader and client ids', async () => {
    const r = await login({ username: 'CLIENTE', password: PASSWORD_DEMO, empresa: 'Demo' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ nivel: 3, username: 'cliente' });
    expect(r.json().lider).toBeGreaterThan(0);
    expect(r.json().cliente).toBeGreaterThan(0);
  });

  it('every seeded company admin can log in to their own company', async () => {
    for (const empresa of [
      'tonodigital',
      'gmcel',
      'gsmoviles',
      'teletrial',
      'vcell',
      'tgmex',
      'discovery',
      'bisvi',
    ]) {
      const r = await login(
        { username: 'admin', password: PASSWORD_DEMO, empresa },
        `10.1.0.${empresa.length}`,
      );
      expect(r.statusCode, empresa).toBe(200);
      expect(r.json().empresa).toBe(empresa);
    }
  });

  it('wrong password: 401, code 1 and the spec message', async () => {
    const r = await login({ username: 'lider', password: 'otra', empresa: 'demo' }, '10.0.0.2');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ code: 1, mensaje: M.credencialesInvalidas });
  });

  it('unknown user gets the same answer as a wrong password', async () => {
    const r = await login({ username: 'nadie', password: 'x', empresa: 'demo' }, '10.0.0.3');
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ code: 1, mensaje: M.credencialesInvalidas });
  });

  it('unknown company: 404 with a Spanish message', async () => {
    const r = await login({ username: 'admin', password: PASSWORD_DEMO, empresa: 'noexiste' });
    expect(r.statusCode).toBe(404);
    expect(r.json().mensaje).toBe(M.empresaDesconocida);
  });

  it('a user of company A is refused on company B', async () => {
    const r = await login({ username: 'lider', password: PASSWORD_DEMO, empresa: 'gmcel' }, '10.0.0.4');
    expect(r.statusCode).toBe(401);
    expect(r.json().mensaje).toBe(M.credencialesInvalidas);
  });

  it('a deleted user cannot log in and their token stops working', async () => {
    const s = await entrar(e.app, 'capturista');
    await e.db
      .updateTable('usuarios')
      .set({ eliminado: new Date() })
      .where('username', '=', 'capturista')
      .execute();
    const q = await pedir(e.app, s, 'GET', '/quienSoy');
    expect(q.statusCode).toBe(401);
    expect(q.json().mensaje).toBe(M.tokenInvalido);
    const r = await login({ username: 'capturista', password: PASSWORD_DEMO, empresa: 'demo' }, '10.0.0.5');
    expect(r.statusCode).toBe(401);
  });
});

describe('tokens', () => {
  it('no token, a forged token, another secret or alg none: el token NO es valido', async () => {
    const s = await entrar(e.app, 'admin');
    const [h, p] = s.token.split('.');
    const ninguno = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    const otroSecreto = await firmarCon(
      decodeJwt(s.token),
      String(decodeJwt(s.token).sub),
      Date.now() / 1000 + 60,
      'x'.repeat(40),
    );
    const alterado = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(s.token), niv: 0 })).toString('base64url')}.${s.token.split('.')[2]}`;
    for (const headers of [
      {},
      conToken('basura'),
      conToken(ninguno),
      conToken(otroSecreto),
      conToken(alterado),
    ]) {
      const r = await pedir(e.app, null, 'GET', '/quienSoy', undefined, { cabeceras: headers });
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ mensaje: M.tokenInvalido });
    }
  });

  it('a token naming another company, even signed with our key, is refused', async () => {
    const s = await entrar(e.app, 'admin');
    const claims = decodeJwt(s.token);
    const gmcel = await e.db
      .selectFrom('empresas')
      .select('id')
      .where('codigo', '=', 'gmcel')
      .executeTakeFirstOrThrow();
    const otro = await firmarCon({ ...claims, emp: gmcel.id }, String(claims.sub), Date.now() / 1000 + 60);
    const r = await pedir(e.app, { token: otro }, 'GET', '/quienSoy');
    expect(r.statusCode).toBe(401);
    expect(r.json().mensaje).toBe(M.tokenInvalido);
  });

  it('GET /quienSoy and /api/permisos answer for the caller', async () => {
    const s = await entrar(e.app, 'lider');
    const q = await pedir(e.app, s, 'GET', '/quienSoy');
    expect(q.json()).toMatchObject({ nivel: 2, nombre: 'Lider Demo', username: 'lider', empresa: 'demo' });
    const p = await pedir(e.app, s, 'GET', '/api/permisos');
    expect(p.json().permisos).toEqual([
      'ATT_DN',
      'INVENTARIO',
      'MOVI_DN',
      'RETROALIMENTACION_LIDER',
      'USUARIO_CLIENTE',
    ]);
  });

  it('an expired token says Token expirado, and renewal gives a working one', async () => {
    const s = await entrar(e.app, 'admin');
    const claims = decodeJwt(s.token);
    const vencido = await firmarCon(claims, String(claims.sub), Math.floor(Date.now() / 1000) - 5);
    const r = await pedir(e.app, { token: vencido }, 'GET', '/quienSoy');
    expect(r.statusCode).toBe(401);
    expect(r.json().mensaje).toBe(M.tokenExpirado);

    const renovar = (cookies: Record<string, string>, headers: Record<string, string>) =>
      pedir(e.app, null, 'POST', '/api/renuevaToken', undefined, { cookies, cabeceras: headers });
    const sinXsrf = await renovar({ rt: s.rt }, {});
    expect(sinXsrf.statusCode).toBe(403);
    expect(sinXsrf.json().mensaje).toBe(M.xsrfInvalido);
    const cookieFalsa = await renovar({ rt: `${claims.sid}.falso` }, { 'x-xsrf-token': s.xsrf });
    expect(cookieFalsa.statusCode).toBe(401);
    const ok = await renovar({ rt: s.rt }, { 'x-xsrf-token': s.xsrf });
    expect(ok.statusCode).toBe(200);
    const nuevo = ok.json().token as string;
    expect(decodeJwt(nuevo).sid).toBe(claims.sid);
    const q = await pedir(e.app, { token: nuevo }, 'GET', '/quienSoy');
    expect(q.statusCode).toBe(200);
  });

  it('logout needs the XSRF header, then the token and renewal are dead', async () => {
    const s = await entrar(e.app, 'lider');
    const sin = await pedir(e.app, { token: s.token }, 'POST', '/api/cerrarSesion');
    expect(sin.statusCode).toBe(403);
    expect(sin.json().mensaje).toBe(M.xsrfInvalido);
    const falso = await pedir(e.app, { token: s.token, xsrf: 'x'.repeat(43) }, 'POST', '/api/cerrarSesion');
    expect(falso.statusCode).toBe(403);
    // An XSRF token of another session is no good either.
    const otra = await entrar(e.app, 'lider');
    const cruzado = await pedir(e.app, { token: s.token, xsrf: otra.xsrf }, 'POST', '/api/cerrarSesion');
    expect(cruzado.statusCode).toBe(403);
    const ok = await pedir(e.app, s, 'POST', '/api/cerrarSesion');
    expect(ok.statusCode).toBe(204);
    const despues = await pedir(e.app, s, 'GET', '/quienSoy');
    expect(despues.statusCode).toBe(401);
    const renovar = await pedir(e.app, null, 'POST', '/api/renuevaToken', undefined, {
      cookies: { rt: s.rt },
      cabeceras: { 'x-xsrf-token': s.xsrf },
    });
    expect(renovar.statusCode).toBe(401);
    // The other session of the same user is untouched.
    expect((await pedir(e.app, otra, 'GET', '/quienSoy')).statusCode).toBe(200);
  });
});

describe('two-step verification (codes 13, 14, 15)', () => {
  const cred = { username: 'root', password: PASSWORD_DEMO, empresa: 'demo' };
  const secretoActual = async () => {
    const u = await e.db
      .selectFrom('usuarios')
      .select('totp_secreto')
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow();
    return new TOTP({ secret: descifrarDosPasos(e.config, u.totp_secreto as string) });
  };
  const verificar = (code: string) =>
    pedir(e.app, null, 'POST', '/api/2fa/verify', { ...cred, code }, { ip: '10.2.0.1' });
  /** A new QR for `cred`, from the same client. */
  const nuevoQr = () => pedir(e.app, null, 'POST', '/api/2fa/setup', cred, { ip: '10.2.0.1' });

  it('walks 13 -> 14 -> new QR -> wrong code -> right code -> 15, and refuses a replayed code', async () => {
    await e.db.updateTable('usuarios').set({ dos_pasos: true }).where('username', '=', 'root').execute();

    const r13 = await login(cred, '10.2.0.1');
    expect(r13.statusCode).toBe(401);
    expect(r13.json()).toMatchObject({ code: 13, mensaje: M.dosPasosConfigurar });
    expect(r13.json().qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    expect(r13.cookies).toHaveLength(0);

    const r14 = await login(cred, '10.2.0.1');
    expect(r14.json()).toMatchObject({ code: 14, mensaje: M.dosPasosCodigoNuevo });

    const antes = (await secretoActual()).secret.base32;
    const qr = await nuevoQr();
    expect(qr.statusCode).toBe(200);
    expect(qr.json().qrCodeUrl).toMatch(/^data:image\/png;base64,/);
    const totp = await secretoActual();
    expect(totp.secret.base32).not.toBe(antes);

    const malo = await verificar(totp.generate() === '000000' ? '111111' : '000000');
    expect(malo.statusCode).toBe(401);
    expect(malo.json()).toEqual({ code: 14, mensaje: M.codigoIncorrecto });

    const codigo = totp.generate();
    const bueno = await verificar(codigo);
    expect(bueno.statusCode).toBe(200);
    expect(bueno.json()).toMatchObject({ nivel: 0, username: 'root', dosPasos: true });

    const r15 = await login(cred, '10.2.0.1');
    expect(r15.json()).toMatchObject({ code: 15, mensaje: M.dosPasosCodigo });
    const repetido = await verificar(codigo);
    expect(repetido.statusCode).toBe(401);
    expect(repetido.json()).toEqual({ code: 15, mensaje: M.codigoIncorrecto });

    // Once confirmed, a password alone cannot replace the authenticator.
    const otraVez = await nuevoQr();
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.json().mensaje).toBe(M.errorQr);
  });

  it('the second step still needs the password', async () => {
    const r = await pedir(
      e.app,
      null,
      'POST',
      '/api/2fa/verify',
      { ...cred, password: 'mala', code: '123456' },
      { ip: '10.2.0.9' },
    );
    expect(r.statusCode).toBe(401);
    expect(r.json()).toEqual({ code: 1, mensaje: M.credencialesInvalidas });
  });
});
