import { M, texto } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descifrarDosPasos } from '../src/modules/auth/llaves.ts';
import { conDosPasos } from './dos-pasos-prueba.ts';
import { crearEntorno, type Entorno, PASSWORD_DEMO } from './entorno.ts';
import { pedir } from './peticion.ts';

// Login throttling (modules/auth/limites.ts): waits fall on the client (IP) that fails, per
// account and across accounts, doubling; the account as a whole only marks itself under attack,
// which makes failing clients wait from their first failure and holds attempts a bounded delay.

const ESPERA = 30;
const BLOQUEO = 600;
const DEMORA_MS = 300;
let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({
    loginMaxFallosCuenta: 3,
    loginMaxFallosIp: 6,
    loginEspera: ESPERA,
    loginBloqueo: BLOQUEO,
    loginDemoraMaxMs: DEMORA_MS,
  });
});
afterAll(() => e.cerrar());

const login = (username: string, password: string, ip: string, empresa = 'demo') =>
  pedir(e.app, null, 'POST', '/iniciarSesion', { username, password, empresa }, { ip });

const idEmpresa = async (codigo: string) =>
  (await e.db.selectFrom('empresas').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow()).id;

/** A throttling key's row: failures and the seconds its wait has left (0: none). */
const intentos = (clave: string) =>
  e.db
    .selectFrom('intentos_login')
    .select([
      'fallos',
      sql<number>`greatest(coalesce(extract(epoch from bloqueado_hasta - now()), 0), 0)::float8`.as(
        'segundos',
      ),
    ])
    .where('clave', '=', clave)
    .executeTakeFirst();

/** As if the waits of every key of `ip` had run out (time passing, without sleeping). */
const pasaElTiempo = (ip: string) =>
  e.db
    .updateTable('intentos_login')
    .set({ bloqueado_hasta: sql<Date>`now() - interval '1 second'` })
    .where((eb) => eb.or([eb('clave', '=', `ip:${ip}`), eb('clave', 'like', `%@${ip}`)]))
    .execute();

describe('login throttling', () => {
  it('3 failures make that client wait on that account; the owner elsewhere and its other accounts go on', async () => {
    for (let i = 0; i < 3; i++) expect((await login('capturista', 'mala', '10.9.0.1')).statusCode).toBe(401);
    const espera = await login('capturista', PASSWORD_DEMO, '10.9.0.1');
    expect(espera.statusCode).toBe(429);
    expect(espera.json().mensaje).toBe(texto('cuentaBloqueadaSegundos', { segundos: ESPERA }));
    // The owner with the right password from a machine that has not failed.
    expect((await login('capturista', PASSWORD_DEMO, '10.9.0.2')).statusCode).toBe(200);
    // The failing machine on other accounts, and the same username in another company.
    expect((await login('cliente', PASSWORD_DEMO, '10.9.0.1')).statusCode).toBe(200);
    expect((await login('admin', PASSWORD_DEMO, '10.9.0.1', 'gmcel')).statusCode).toBe(200);
  });

  it('50 attempts from one IP on lider: the owner on another IP logs in; the attacking IP waits everywhere', async () => {
    const codigos: number[] = [];
    for (let i = 0; i < 50; i++) codigos.push((await login('lider', 'mala', '10.9.5.1')).statusCode);
    expect(codigos.filter((c) => c === 401)).toHaveLength(3);
    expect(codigos.slice(3).every((c) => c === 429)).toBe(true);
    const dueno = await login('lider', PASSWORD_DEMO, '10.9.5.2');
    expect(dueno.statusCode).toBe(200);
    // Attempts refused by a wait count on the IP (not on the account): the IP now waits on any account.
    const otraCuenta = await login('cliente', PASSWORD_DEMO, '10.9.5.1');
    expect(otraCuenta.statusCode).toBe(429);
    expect(otraCuenta.json().mensaje).toMatch(/^Demasiados intentos fallidos/);
    const demo = await idEmpresa('demo');
    expect((await intentos(`u:${demo}:lider@10.9.5.1`))?.fallos).toBe(3);
    expect((await intentos(`u:${demo}:lider`))?.fallos).toBe(3);
    const ip = await intentos('ip:10.9.5.1');
    expect(ip?.fallos).toBe(51);
    expect(ip?.segundos).toBeGreaterThan(BLOQUEO - 5);
    expect(ip?.segundos).toBeLessThanOrEqual(BLOQUEO);
  });

  it('locks an IP after 6 failures across accounts; other IPs still log in', async () => {
    const usuarios = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    for (const u of usuarios) expect((await login(u, 'mala', '10.9.1.1')).statusCode).toBe(401);
    const r = await login('root', PASSWORD_DEMO, '10.9.1.1');
    expect(r.statusCode).toBe(429);
    expect(r.json().mensaje).toMatch(/^Demasiados intentos fallidos/);
    expect((await login('root', PASSWORD_DEMO, '10.9.1.2')).statusCode).toBe(200);
  });

  it('each wait is twice the last, up to LOGIN_BLOQUEO; a refused attempt does not lengthen it', async () => {
    const ip = '10.9.6.1';
    const par = `u:${await idEmpresa('tonodigital')}:admin@${ip}`;
    const falla = async () => expect((await login('admin', 'mala', ip, 'tonodigital')).statusCode).toBe(401);
    for (let i = 0; i < 3; i++) await falla();
    const primera = (await intentos(par))?.segundos ?? 0;
    expect(primera).toBeGreaterThan(ESPERA - 5);
    expect(primera).toBeLessThanOrEqual(ESPERA);
    // Trying while waiting is refused and leaves the wait as it was.
    expect((await login('admin', PASSWORD_DEMO, ip, 'tonodigital')).statusCode).toBe(429);
    expect((await intentos(par))?.segundos).toBeLessThanOrEqual(primera);

    await pasaElTiempo(ip);
    await falla();
    const segunda = (await intentos(par))?.segundos ?? 0;
    expect(segunda).toBeGreaterThan(2 * ESPERA - 5);
    expect(segunda).toBeLessThanOrEqual(2 * ESPERA);

    await pasaElTiempo(ip);
    await falla();
    const r = await login('admin', PASSWORD_DEMO, ip, 'tonodigital');
    expect(r.statusCode).toBe(429);
    expect(r.json().mensaje).toBe(texto('cuentaBloqueada', { minutos: (4 * ESPERA) / 60 }));

    for (let i = 0; i < 4; i++) {
      await pasaElTiempo(ip);
      await falla();
    }
    const tope = (await intentos(par))?.segundos ?? 0;
    expect(tope).toBeGreaterThan(BLOQUEO - 5);
    expect(tope).toBeLessThanOrEqual(BLOQUEO);
    expect((await login('admin', PASSWORD_DEMO, '10.9.6.2', 'tonodigital')).statusCode).toBe(200);
  });

  it('20 IPs failing on one account get about one guess each, and do not stop the owner', async () => {
    const codigos: number[][] = [];
    for (let i = 1; i <= 20; i++) {
      const deEsta: number[] = [];
      for (let j = 0; j < 3; j++) deEsta.push((await login('cliente', 'mala', `10.9.7.${i}`)).statusCode);
      codigos.push(deEsta);
    }
    // The first IP has its 3 before the account counts as under attack; every later one, 1.
    expect(codigos[0]).toEqual([401, 401, 401]);
    for (const deEsta of codigos.slice(1)) expect(deEsta).toEqual([401, 429, 429]);
    const cuenta = await intentos(`u:${await idEmpresa('demo')}:cliente`);
    expect(cuenta?.fallos).toBe(22);
    expect(cuenta?.segundos).toBeGreaterThan(BLOQUEO - 5);

    // The owner from a fresh IP: in, after at most the bounded hold of an account under attack.
    const antes = performance.now();
    const dueno = await login('cliente', PASSWORD_DEMO, '10.9.7.100');
    expect(dueno.statusCode).toBe(200);
    expect(performance.now() - antes).toBeGreaterThanOrEqual(DEMORA_MS - 5);
    // An attacking IP waits even with the right password; its owner's success does not lift the attack.
    expect((await login('cliente', PASSWORD_DEMO, '10.9.7.5')).statusCode).toBe(429);
    expect((await intentos(`u:${await idEmpresa('demo')}:cliente`))?.fallos).toBe(22);
  });

  it('concurrent failures all count: 20 at once from 20 IPs, each counted on the account once', async () => {
    const r = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('admin', `mala${i}`, `10.9.2.${i}`)),
    );
    expect(r.map((x) => x.statusCode)).toEqual(Array(20).fill(401));
    const demo = await idEmpresa('demo');
    expect((await intentos(`u:${demo}:admin`))?.fallos).toBe(20);
    // Failures 3 to 20 of the account came while it was under attack: exactly those 18 clients wait.
    const esperan = await e.db
      .selectFrom('intentos_login')
      .select('clave')
      .where('clave', 'like', `u:${demo}:admin@10.9.2.%`)
      .where('bloqueado_hasta', '>', sql<Date>`now()`)
      .execute();
    expect(esperan).toHaveLength(18);
    expect((await login('admin', PASSWORD_DEMO, '10.9.3.1')).statusCode).toBe(200);
  });

  it('a success clears that client on that account (and the account, when not under attack)', async () => {
    const demo = await idEmpresa('demo');
    for (let vuelta = 0; vuelta < 2; vuelta++) {
      expect((await login('portas', 'mala', '10.9.4.1')).statusCode).toBe(401);
      expect((await login('portas', 'mala', '10.9.4.1')).statusCode).toBe(401);
      expect((await intentos(`u:${demo}:portas@10.9.4.1`))?.fallos).toBe(2);
      expect((await login('portas', PASSWORD_DEMO, '10.9.4.1')).statusCode).toBe(200);
      expect(await intentos(`u:${demo}:portas@10.9.4.1`)).toBeUndefined();
      expect(await intentos(`u:${demo}:portas`)).toBeUndefined();
    }
  });

  it('wrong two-step codes count as failures the same way', async () => {
    const vcell = await idEmpresa('vcell');
    await conDosPasos(e.db, 'vcell', 'admin');
    const cred = { username: 'admin', password: PASSWORD_DEMO, empresa: 'vcell' };
    const qr = await pedir(e.app, null, 'POST', '/iniciarSesion', cred, { ip: '10.9.8.9' });
    expect(qr.json().code).toBe(13);
    const { totp_secreto } = await e.db
      .selectFrom('usuarios')
      .select('totp_secreto')
      .where('empresa_id', '=', vcell)
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    const totp = new TOTP({ secret: descifrarDosPasos(e.config, totp_secreto as string) });
    const validos = [-30, 0, 30].map((s) => totp.generate({ timestamp: Date.now() + s * 1000 }));
    const malo = ['000000', '111111', '222222', '333333'].find((c) => !validos.includes(c)) as string;
    const verificar = (code: string, ip: string) =>
      pedir(e.app, null, 'POST', '/api/2fa/verify', { ...cred, code }, { ip });

    for (let i = 0; i < 3; i++) {
      const r = await verificar(malo, '10.9.8.1');
      expect(r.statusCode).toBe(401);
      expect(r.json().mensaje).toBe(M.codigoIncorrecto);
    }
    expect((await verificar(totp.generate(), '10.9.8.1')).statusCode).toBe(429);
    expect((await intentos(`u:${vcell}:admin@10.9.8.1`))?.fallos).toBe(3);
    const bueno = await verificar(totp.generate(), '10.9.8.2');
    expect(bueno.statusCode).toBe(200);
    expect(await intentos(`u:${vcell}:admin@10.9.8.2`)).toBeUndefined();
  });

  it('the general rate limit answers 429 in Spanish', async () => {
    const limitado = await crearEntorno({ rateLimitMax: 3 });
    try {
      const codigos = [];
      for (let i = 0; i < 5; i++)
        codigos.push((await pedir(limitado.app, null, 'GET', '/getEmpresa/demo')).statusCode);
      expect(codigos).toEqual([200, 200, 200, 429, 429]);
      const r = await pedir(limitado.app, null, 'GET', '/getEmpresa/demo');
      expect(r.json().mensaje).toBe(M.demasiadasSolicitudes);
    } finally {
      await limitado.cerrar();
    }
    // A database of its own is made inside the test: the embedded one takes most of 30 s on a
    // loaded 2-core machine (it timed out there in CI).
  }, 120_000);
});
