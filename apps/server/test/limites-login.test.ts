import { M, texto } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, PASSWORD_DEMO } from './entorno.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ loginMaxFallosCuenta: 3, loginMaxFallosIp: 6, loginBloqueo: 600 });
});
afterAll(() => e.cerrar());

const login = (username: string, password: string, ip: string, empresa = 'demo') =>
  e.app.inject({
    method: 'POST',
    url: '/iniciarSesion',
    payload: { username, password, empresa },
    remoteAddress: ip,
  });

describe('login throttling', () => {
  it('locks an account after 3 failures, even for the right password and from another IP', async () => {
    for (let i = 0; i < 3; i++) expect((await login('lider', 'mala', '10.9.0.1')).statusCode).toBe(401);
    const bloqueado = await login('lider', PASSWORD_DEMO, '10.9.0.2');
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.json().mensaje).toBe(texto('cuentaBloqueada', { minutos: 10 }));
    // Other accounts and the same username in another company are not locked.
    expect((await login('cliente', PASSWORD_DEMO, '10.9.0.2')).statusCode).toBe(200);
    expect((await login('admin', PASSWORD_DEMO, '10.9.0.2', 'gmcel')).statusCode).toBe(200);
  });

  it('locks an IP after 6 failures across accounts; other IPs still log in', async () => {
    const usuarios = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6'];
    for (const u of usuarios) expect((await login(u, 'mala', '10.9.1.1')).statusCode).toBe(401);
    const r = await login('root', PASSWORD_DEMO, '10.9.1.1');
    expect(r.statusCode).toBe(429);
    expect(r.json().mensaje).toMatch(/^Demasiados intentos fallidos/);
    expect((await login('root', PASSWORD_DEMO, '10.9.1.2')).statusCode).toBe(200);
  });

  it('concurrent failures all count: 20 at once lock the account', async () => {
    const r = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login('admin', `mala${i}`, `10.9.2.${i}`)),
    );
    expect(r.every((x) => [401, 429].includes(x.statusCode))).toBe(true);
    const fila = await e.db
      .selectFrom('intentos_login')
      .selectAll()
      .where('clave', 'like', 'u:%:admin')
      .executeTakeFirstOrThrow();
    expect(fila.bloqueado_hasta).not.toBeNull();
    expect((await login('admin', PASSWORD_DEMO, '10.9.3.1')).statusCode).toBe(429);
  });

  it('a success clears the account counter', async () => {
    expect((await login('portas', 'mala', '10.9.4.1')).statusCode).toBe(401);
    expect((await login('portas', 'mala', '10.9.4.1')).statusCode).toBe(401);
    expect((await login('portas', PASSWORD_DEMO, '10.9.4.1')).statusCode).toBe(200);
    expect((await login('portas', 'mala', '10.9.4.1')).statusCode).toBe(401);
    expect((await login('portas', 'mala', '10.9.4.1')).statusCode).toBe(401);
    expect((await login('portas', PASSWORD_DEMO, '10.9.4.1')).statusCode).toBe(200);
  });

  it('the general rate limit answers 429 in Spanish', async () => {
    const limitado = await crearEntorno({ rateLimitMax: 3 });
    try {
      const codigos = [];
      for (let i = 0; i < 5; i++)
        codigos.push((await limitado.app.inject({ url: '/getEmpresa/demo' })).statusCode);
      expect(codigos).toEqual([200, 200, 200, 429, 429]);
      const r = await limitado.app.inject({ url: '/getEmpresa/demo' });
      expect(r.json().mensaje).toBe(M.demasiadasSolicitudes);
    } finally {
      await limitado.cerrar();
    }
  });
});
