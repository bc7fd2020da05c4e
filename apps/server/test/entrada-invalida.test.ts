import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno } from './entorno.ts';

let e: Entorno;
beforeAll(async () => {
  e = await crearEntorno({ loginMaxFallosCuenta: 1_000_000, loginMaxFallosIp: 1_000_000 });
});
afterAll(() => e.cerrar());

const RUTAS_PUBLICAS = ['/iniciarSesion', '/api/2fa/setup', '/api/2fa/verify'];
const espanol = /[áéíóúñ]|\b(de|el|la|no|es|un|una|debe|campo)\b/i;

const enviar = (url: string, payload: string, contentType = 'application/json') =>
  e.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe('bad input gets a 4xx with a Spanish mensaje, never a 500', () => {
  it.each(RUTAS_PUBLICAS)('%s: malformed JSON, empty body, wrong content type', async (url) => {
    for (const [cuerpo, tipo] of [
      ['{bad', 'application/json'],
      ['', 'application/json'],
      ['null', 'application/json'],
      ['[]', 'application/json'],
      ['username=a', 'application/x-www-form-urlencoded'],
      ['hola', 'text/plain'],
    ] as const) {
      const r = await enviar(url, cuerpo, tipo);
      expect(r.statusCode, `${url} ${tipo} ${cuerpo}`).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, `${url} ${tipo} ${cuerpo}`).toBeLessThan(500);
      expect(r.json().mensaje).toMatch(espanol);
    }
  });

  it('missing fields name the field in Spanish', async () => {
    const r = await enviar('/iniciarSesion', JSON.stringify({ username: 'admin' }));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toMatch(/^Datos inválidos: password: /);
  });

  it('a 10 KB username is refused as invalid input', async () => {
    const r = await enviar(
      '/iniciarSesion',
      JSON.stringify({ username: 'a'.repeat(10_240), password: 'x', empresa: 'demo' }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toMatch(/^Datos inválidos: username: /);
  });

  it('a body over 1 MB is refused with 413', async () => {
    const r = await enviar('/iniciarSesion', JSON.stringify({ username: 'a'.repeat(1_100_000) }));
    expect(r.statusCode).toBe(413);
    expect(r.json().mensaje).toBe('La solicitud es demasiado grande');
  });

  it('generated bodies (any JSON, odd strings, numbers) never reach a 500 and write no session', async () => {
    const antes = await e.db
      .selectFrom('sesiones')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const texto = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme', maxLength: 300 }),
      fc.constantFrom("' or 1=1 --", '<script>alert(1)</script>', '\u0000', 'login'),
    );
    const cuerpo = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          username: fc.oneof(texto, fc.integer(), fc.constant(null)),
          password: fc.oneof(texto, fc.double()),
          empresa: texto,
          code: fc.oneof(texto, fc.integer()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RUTAS_PUBLICAS), cuerpo, async (url, body) => {
        const r = await enviar(url, JSON.stringify(body));
        expect(r.statusCode).toBeGreaterThanOrEqual(400);
        expect(r.statusCode).toBeLessThan(500);
        expect(typeof r.json().mensaje).toBe('string');
      }),
      { numRuns: 150 },
    );
    const despues = await e.db
      .selectFrom('sesiones')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(despues.n).toBe(antes.n);
  });

  it('an unknown route is a JSON 404 in Spanish', async () => {
    const r = await e.app.inject({ url: '/api/noexiste' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ mensaje: 'No encontrado' });
  });
});
