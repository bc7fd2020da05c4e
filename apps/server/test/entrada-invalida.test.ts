import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { M } from '@recargas/contracts/mensajes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar } from './entorno.ts';
import { pedir } from './peticion.ts';
import { formulario, libro } from './xlsx-prueba.ts';

let e: Entorno;
let admin: { token: string; xsrf: string };
beforeAll(async () => {
  e = await crearEntorno({ loginMaxFallosCuenta: 1_000_000, loginMaxFallosIp: 1_000_000 });
  admin = await entrar(e.app, 'admin');
});
afterAll(() => e.cerrar());

const RUTAS_PUBLICAS = ['/iniciarSesion', '/api/2fa/setup', '/api/2fa/verify'];
const espanol = /[áéíóúñ]|\b(de|el|la|no|es|un|una|debe|campo)\b/i;

const enviar = (url: string, payload: string, contentType = 'application/json') =>
  pedir(e.app, null, 'POST', url, payload, { cabeceras: { 'content-type': contentType } });

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

  it('missing fields name the field by its Spanish label', async () => {
    const r = await enviar('/iniciarSesion', JSON.stringify({ username: 'admin' }));
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(`${M.datoFaltante}: ${M.contrasena}`);
  });

  it('a 10 KB username is refused as invalid input', async () => {
    const r = await enviar(
      '/iniciarSesion',
      JSON.stringify({ username: 'a'.repeat(10_240), password: 'x', empresa: 'demo' }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().mensaje).toBe(`${M.textoDemasiadoLargo}: ${M.usuario}`);
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
    const r = await pedir(e.app, null, 'GET', '/api/noexiste');
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ mensaje: 'No encontrado' });
  });
});

describe('text PostgreSQL cannot store (issue 17): 400 with the catalogue message, never a 500', () => {
  const login = (username: string) => JSON.stringify({ username, password: 'x', empresa: 'demo' });
  const rechazada = (r: { statusCode: number; json: () => unknown }, que: string) => {
    expect(r.statusCode, que).toBe(400);
    expect(r.json(), que).toEqual({ mensaje: M.textoInvalido });
  };
  const conSesion = (url: string) => pedir(e.app, admin, 'GET', url);
  const cuenta = async (tabla: 'sesiones' | 'recargas') =>
    Number(
      (
        await e.db
          .selectFrom(tabla)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the three reproductions: a NUL in the login, in the 2FA setup, in a public path', async () => {
    rechazada(await enviar('/iniciarSesion', login('ad\u0000min')), 'iniciarSesion');
    rechazada(await enviar('/api/2fa/setup', login('ad\u0000min')), '2fa/setup');
    rechazada(await pedir(e.app, null, 'GET', '/getEmpresa/de%00mo'), 'getEmpresa');
  });

  it('lone surrogates in JSON strings; a NUL in a nested key; a well-formed pair (emoji) passes', async () => {
    for (const cuerpo of [
      '{"username":"\\ud800","password":"x","empresa":"demo"}',
      '{"username":"admin","password":"a\\udfffb","empresa":"demo"}',
      '{"username":"admin","password":"x","empresa":"demo","extra":{"a":[{"k\\u0000":1}]}}',
    ])
      rechazada(await enviar('/iniciarSesion', cuerpo), cuerpo);
    // \\u0000 is a backslash and 'u0000' in the text, not a NUL: it passes the guard.
    for (const username of ['a\ud83d\ude00', 'a\\u0000'])
      expect((await enviar('/iniciarSesion', login(username))).statusCode, username).toBe(401);
  });

  it('raw bytes that are not UTF-8 in a JSON body (overlong, surrogate, truncated, 0xFF)', async () => {
    for (const malos of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0x80], [0xe2, 0x82]]) {
      const payload = Buffer.concat([
        Buffer.from('{"username":"ad'),
        Buffer.from(malos),
        Buffer.from('min","password":"x","empresa":"demo"}'),
      ]);
      const r = await pedir(e.app, null, 'POST', '/iniciarSesion', payload, {
        cabeceras: { 'content-type': 'application/json; charset=utf-8' },
      });
      rechazada(r, malos.join(','));
    }
  });

  it('paths whose escapes are NUL or not UTF-8, public and signed in; a too long parameter', async () => {
    for (const url of ['/getEmpresa/%FF', '/getEmpresa/de%C3%28mo', '/getEmpresa/%ED%A0%80', '/getEmpresa/%'])
      rechazada(await pedir(e.app, null, 'GET', url), url);
    for (const url of ['/api/usuarios/1%00', '/api/usuarios/%FF', '/api/no%00existe'])
      rechazada(await conSesion(url), url);
    const larga = await pedir(e.app, null, 'GET', `/getEmpresa/${'a'.repeat(300)}`);
    expect(larga.statusCode).toBe(414);
    expect(larga.json()).toEqual({ mensaje: M.cuerpoDemasiadoGrande });
  });

  it('a NUL or bad escape in a query value or name; a lone surrogate in the filtros JSON', async () => {
    for (const qs of ['after=1%00', '%00=1', 'limit%00=20', 'after=%C3%28', 'x=100%'])
      rechazada(await conSesion(`/api/usuarios?${qs}`), qs);
    rechazada(await pedir(e.app, null, 'GET', '/getEmpresa/demo?x=a%00'), 'pública');
    const filtros = encodeURIComponent('{"username":["a\\ud800"]}');
    rechazada(await conSesion(`/api/usuarios?filtros=${filtros}`), 'filtros');
  });

  it('an Idempotency-Key with a NUL writes no top-up', async () => {
    const antes = await cuenta('recargas');
    const r = await pedir(
      e.app,
      admin,
      'POST',
      '/checkOut',
      { dn: '5512345678', compania: 'T', monto: 50 },
      { clave: 'k\u0000' },
    );
    rechazada(r, 'idempotency-key');
    expect(await cuenta('recargas')).toBe(antes);
  });

  it('multipart fields with a NUL are refused in Spanish', async () => {
    const archivo = {
      nombre: 'l.xlsx',
      datos: await libro([
        ['ICC', 'DN'],
        ['1', '2'],
      ]),
    };
    const casos: Record<string, string>[] = [
      { accion: '1\u0000' },
      { accion: '1', vigencia: '2026/12/31\u0000' },
      { accion: '1', plataformaId: '1\u0000' },
    ];
    for (const campos of casos) {
      const f = formulario(campos, archivo);
      const r = await pedir(e.app, admin, 'POST', '/subirArchivo', f.payload, { cabeceras: f.headers });
      // Each field's own refusal (Selecciona una acción, the vigencia, the platform), all 400.
      expect(r.statusCode, JSON.stringify(campos)).toBe(400);
      expect(Object.values(M)).toContain(r.json().mensaje);
    }
  });

  it('over a real socket: raw bytes Node refuses (NUL, 0xFF in the request line, NUL in a header)', async () => {
    await e.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = e.app.server.address() as AddressInfo;
    const crudo = (...partes: (string | number[])[]) =>
      new Promise<{ linea: string; cuerpo: string }>((ok, mal) => {
        const s = connect(port, '127.0.0.1', () =>
          s.end(Buffer.concat(partes.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))))),
        );
        const trozos: Buffer[] = [];
        s.on('data', (d: Buffer) => trozos.push(d));
        s.on('error', mal);
        s.on('close', () => {
          const t = Buffer.concat(trozos).toString('utf8');
          ok({ linea: t.slice(0, t.indexOf('\r\n')), cuerpo: t.slice(t.indexOf('\r\n\r\n') + 4) });
        });
      });
    const fin = '\r\nHost: x\r\nConnection: close\r\n\r\n';
    for (const [que, r] of [
      ['0xFF', await crudo('GET /getEmpresa/de', [0xff], `mo HTTP/1.1${fin}`)],
      ['NUL', await crudo('GET /getEmpresa/de', [0], `mo HTTP/1.1${fin}`)],
      ['cabecera', await crudo('GET /getEmpresa/demo HTTP/1.1\r\nIdempotency-Key: a', [0], `b${fin}`)],
      ['%00', await crudo(`GET /getEmpresa/de%00mo HTTP/1.1${fin}`)],
    ] as const) {
      expect(r.linea, que).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(r.cuerpo), que).toEqual({ mensaje: M.textoInvalido });
    }
  });

  it('Spanish text with accents and ñ passes: in a body, raw UTF-8 bytes, a path and a query', async () => {
    const antes = await cuenta('sesiones');
    expect((await enviar('/iniciarSesion', login('peña'))).statusCode).toBe(401);
    const bytes = Buffer.from(login('José Ñúñez'), 'utf8');
    const r = await pedir(e.app, null, 'POST', '/iniciarSesion', bytes, {
      cabeceras: { 'content-type': 'application/json' },
    });
    expect(r.statusCode).toBe(401);
    expect((await pedir(e.app, null, 'GET', '/getEmpresa/pe%C3%B1a')).statusCode).toBe(404);
    const filtros = encodeURIComponent(JSON.stringify({ username: ['peña'] }));
    expect((await conSesion(`/api/usuarios?filtros=${filtros}`)).statusCode).toBe(200);
    expect(await cuenta('sesiones')).toBe(antes);
  });
});
