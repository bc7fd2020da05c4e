import { randomBytes } from 'node:crypto';
import { texto } from '@recargas/contracts/mensajes';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { construirApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { conDosPasos } from './dos-pasos-prueba.ts';
import { crearEntorno, type Entorno, idEmpresa, PASSWORD_DEMO } from './entorno.ts';
import { pedir } from './peticion.ts';

// Device cookies (issue 39, OWASP's scheme; modules/auth/dispositivos.ts): a browser that has
// logged in to an account is not made to wait for others' failures at its address; it has a
// failure count of its own. LOGIN_MAX_FALLOS_IP keeps its default (30).

const ESPERA = 30;
let e: Entorno;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  e = await crearEntorno({ loginMaxFallosCuenta: 3, loginEspera: ESPERA });
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await e.cerrar();
});

interface Intento {
  ip: string;
  empresa?: string;
  /** The device cookie the browser sends. */
  dispositivo?: string | undefined;
  app?: FastifyInstance;
}

const login = (username: string, password: string, i: Intento) =>
  pedir(
    i.app ?? e.app,
    null,
    'POST',
    '/iniciarSesion',
    { username, password, empresa: i.empresa ?? 'demo' },
    {
      ip: i.ip,
      cookies: i.dispositivo ? { dispositivo: i.dispositivo } : {},
    },
  );

type Respuesta = Awaited<ReturnType<typeof login>>;
const cookiesDispositivo = (r: Respuesta) => r.cookies.filter((c) => c.name === 'dispositivo');
const dispositivoDe = (r: Respuesta) => cookiesDispositivo(r)[0]?.value;

/** A browser that logs in to `username` and keeps the device cookie it gets. */
async function navegadorDe(username: string, empresa = 'demo', app = e.app) {
  const r = await login(username, PASSWORD_DEMO, { ip: '10.8.9.9', empresa, app });
  expect(r.statusCode).toBe(200);
  return dispositivoDe(r);
}

/**
 * 35 wrong logins from `ip` on made-up usernames (password spraying): the address now waits.
 * Usernames of its own, so no account adds up failures of several sprays.
 */
async function rociar(ip: string) {
  const codigos: number[] = [];
  for (let i = 0; i < 35; i++) codigos.push((await login(`nadie${i}-${ip}`, 'mala', { ip })).statusCode);
  expect(codigos).toEqual([...Array(30).fill(401), ...Array(5).fill(429)]);
}

const filasDe = (patron: string) =>
  e.db.selectFrom('intentos_login').select(['clave', 'fallos']).where('clave', 'like', patron).execute();

describe('device cookies', () => {
  it('a known browser logs in from an address that failed 35 times; unknown clients there still wait', async () => {
    const conocido = await navegadorDe('cliente');
    const oficina = '10.8.0.1';
    await rociar(oficina);

    const desconocido = await login('cliente', PASSWORD_DEMO, { ip: oficina });
    expect(desconocido.statusCode).toBe(429);
    expect(desconocido.json().mensaje).toMatch(/^Demasiados intentos fallidos/);
    const r = await login('cliente', PASSWORD_DEMO, { ip: oficina, dispositivo: conocido });
    expect(r.statusCode).toBe(200);
    // A fresh entry each login; the address's wait is not lifted by the known browser's success.
    expect(dispositivoDe(r)).not.toBe(conocido);
    expect((await login('cliente', PASSWORD_DEMO, { ip: oficina })).statusCode).toBe(429);
  });

  it("a known browser's success leaves the waits of others at its address", async () => {
    const ip = '10.8.0.3';
    const conocido = await navegadorDe('capturista');
    for (let i = 0; i < 3; i++) expect((await login('capturista', 'mala', { ip })).statusCode).toBe(401);
    expect((await login('capturista', PASSWORD_DEMO, { ip, dispositivo: conocido })).statusCode).toBe(200);
    expect((await login('capturista', PASSWORD_DEMO, { ip })).statusCode).toBe(429);
  });

  it('is trust for one account: another username or company, or a forged cookie, still waits', async () => {
    const oficina = '10.8.0.2';
    const cliente = await navegadorDe('cliente');
    const admin = await navegadorDe('admin');
    await rociar(oficina);
    const intento = (username: string, dispositivo: string | undefined, empresa = 'demo') =>
      login(username, PASSWORD_DEMO, { ip: oficina, dispositivo, empresa }).then((r) => r.statusCode);

    expect(await intento('lider', cliente)).toBe(429);
    expect(await intento('admin', admin, 'gmcel')).toBe(429);
    const [nonce, firma] = (cliente ?? '').split('.');
    const cambiada = `${firma?.[0] === 'A' ? 'B' : 'A'}${firma?.slice(1)}`;
    expect(await intento('cliente', `${nonce}.${cambiada}`)).toBe(429);
    expect(await intento('cliente', `${randomBytes(16).toString('base64url')}.${firma}`)).toBe(429);
    // One browser, several cashiers: each account it logged in to keeps its entry.
    const compartido = await login('admin', PASSWORD_DEMO, { ip: '10.8.9.9', dispositivo: cliente });
    const ambos = dispositivoDe(compartido);
    expect(await intento('cliente', ambos)).toBe(200);
    expect(await intento('admin', ambos)).toBe(200);
  });

  it('a known browser that fails waits alone: neither its address nor the account count it', async () => {
    const ip = '10.8.1.1';
    const demo = await idEmpresa(e, 'demo');
    const propio = await navegadorDe('portas');
    for (let i = 0; i < 3; i++)
      expect((await login('portas', 'mala', { ip, dispositivo: propio })).statusCode).toBe(401);
    const espera = await login('portas', PASSWORD_DEMO, { ip, dispositivo: propio });
    expect(espera.statusCode).toBe(429);
    expect(espera.json().mensaje).toBe(texto('cuentaBloqueadaSegundos', { segundos: ESPERA }));
    expect(await filasDe(`u:${demo}:portas@dispositivo:%`)).toEqual([
      { clave: expect.any(String), fallos: 3 },
    ]);
    expect(await filasDe(`ip:${ip}`)).toEqual([]);
    expect(await filasDe(`u:${demo}:portas`)).toEqual([]);
    // Another browser at the same address, without the cookie, logs in to the same account.
    expect((await login('portas', PASSWORD_DEMO, { ip })).statusCode).toBe(200);
    // Its wait over, the known browser logs in and its count is gone.
    await e.db
      .updateTable('intentos_login')
      .set({ bloqueado_hasta: sql<Date>`now() - interval '1 second'` })
      .where('clave', 'like', `u:${demo}:portas@dispositivo:%`)
      .execute();
    expect((await login('portas', PASSWORD_DEMO, { ip, dispositivo: propio })).statusCode).toBe(200);
    expect(await filasDe(`u:${demo}:portas@dispositivo:%`)).toEqual([]);
  });

  it('is httpOnly, SameSite=Strict, a year long, sent only to the login calls', async () => {
    const r = await login('capturista', PASSWORD_DEMO, { ip: '10.8.2.1' });
    const cookies = cookiesDispositivo(r).map(({ value: _, expires: __, ...c }) => c);
    const comun = { name: 'dispositivo', httpOnly: true, sameSite: 'Strict', maxAge: 365 * 24 * 3600 };
    expect(cookies).toEqual([
      { ...comun, path: '/iniciarSesion' },
      { ...comun, path: '/api/2fa' },
    ]);
  });

  it('every process accepts it: signed with JWT_SECRET, and JWT_SECRET_ANTERIOR during a rotation', async () => {
    const conocido = await navegadorDe('lider');
    const nuevo = randomBytes(32).toString('hex');
    const otro = async (ajustes: Partial<Config>) => {
      const app = await construirApp({ ...e.config, ...ajustes }, e.db);
      apps.push(app);
      return app;
    };
    const rotada = await otro({
      jwtSecret: nuevo,
      jwtSecretAnterior: e.config.jwtSecret,
      cookieSecure: true,
    });
    const sinAnterior = await otro({ jwtSecret: nuevo, jwtSecretAnterior: undefined });
    const oficina = '10.8.3.1';
    await rociar(oficina); // counted in the database: every process sees the address wait

    const r = await login('lider', PASSWORD_DEMO, { ip: oficina, dispositivo: conocido, app: rotada });
    expect(r.statusCode).toBe(200);
    expect(cookiesDispositivo(r).map((c) => c.secure)).toEqual([true, true]);
    expect(
      (await login('lider', PASSWORD_DEMO, { ip: oficina, dispositivo: conocido, app: sinAnterior }))
        .statusCode,
    ).toBe(429);
    // What the rotated process signed, the one with the new secret alone accepts.
    const renovado = dispositivoDe(r);
    const s = await login('lider', PASSWORD_DEMO, { ip: oficina, dispositivo: renovado, app: sinAnterior });
    expect(s.statusCode).toBe(200);
  });

  it('is given after the two-step code, not after the password alone', async () => {
    await conDosPasos(e.db, 'vcell', 'admin');
    // The code check is auth.test.ts's: here any code is right or wrong as the test says.
    const validar = vi.spyOn(TOTP.prototype, 'validate');
    const [casa, oficina] = ['10.8.4.1', '10.8.4.2'];
    const cred = { username: 'admin', password: PASSWORD_DEMO, empresa: 'vcell' };
    const verificar = (code: string, ip: string, dispositivo?: string) =>
      pedir(
        e.app,
        null,
        'POST',
        '/api/2fa/verify',
        { ...cred, code },
        { ip, cookies: dispositivo ? { dispositivo } : {} },
      );
    try {
      const paso = await login('admin', PASSWORD_DEMO, { ip: casa, empresa: 'vcell' });
      expect([paso.statusCode, paso.json().code, cookiesDispositivo(paso)]).toEqual([401, 13, []]);
      validar.mockReturnValueOnce(null);
      const mal = await verificar('000000', casa);
      expect([mal.statusCode, cookiesDispositivo(mal)]).toEqual([401, []]);
      validar.mockReturnValueOnce(0);
      const bien = await verificar('123456', casa);
      expect(bien.statusCode).toBe(200);
      const conocido = dispositivoDe(bien);
      expect(cookiesDispositivo(bien)).toHaveLength(2);

      // Both steps of a known browser go through at an address that waits.
      await rociar(oficina);
      const primero = await login('admin', PASSWORD_DEMO, {
        ip: oficina,
        empresa: 'vcell',
        dispositivo: conocido,
      });
      expect([primero.statusCode, primero.json().code]).toEqual([401, 15]);
      validar.mockReturnValueOnce(1);
      expect((await verificar('654321', oficina, conocido)).statusCode).toBe(200);
      expect((await verificar('654321', oficina)).statusCode).toBe(429);
    } finally {
      validar.mockRestore();
    }
  });
});
