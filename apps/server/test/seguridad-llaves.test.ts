import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearEntorno, type Entorno, entrar, idEmpresa, idUsuario, type Sesion } from './entorno.ts';
import { dnNuevo, nuevaLlave, v1 } from './integraciones-prueba.ts';
import { type Metodo, pedir } from './peticion.ts';
import { type Operacion, operacionesDe } from './seguridad/llamadas.ts';
import { MATRIZ } from './seguridad/matriz.ts';

/**
 * The security matrix's `/v1` rows (issue 23): every API route of the OpenAPI document called
 * with no key, a session token instead of a key, a forged key, a revoked key, a key outside its
 * IP ranges and a key of another company; only a live key from its ranges gets in, and it sees
 * only its own company and user. The key management routes are in the main matrix (admins).
 */
let e: Entorno;
let admin: Sesion;
let rutas: Operacion[] = [];
let viva: string;
let revocada: string;
let conRango: string;
let deOtra: string;
let deCapturista: string;

beforeAll(async () => {
  e = await crearEntorno();
  admin = await entrar(e.app, 'admin');
  rutas = operacionesDe(e.app).filter((r) => MATRIZ[r.celda] === 'llave');
  const demo = await idEmpresa(e, 'demo');
  const cliente = await idUsuario(e, demo, 'cliente');
  viva = (await nuevaLlave(e, admin, cliente)).llave;
  const r = await nuevaLlave(e, admin, cliente);
  revocada = r.llave;
  await pedir(e.app, admin, 'DELETE', `/api/llaves/${r.id}`);
  conRango = (await nuevaLlave(e, admin, cliente, { ips: ['10.1.0.0/16', '2001:db8::/32'] })).llave;
  deCapturista = (await nuevaLlave(e, admin, await idUsuario(e, demo, 'capturista'))).llave;
  const gmcel = await idEmpresa(e, 'gmcel');
  const adminGmcel = await entrar(e.app, 'admin', 'gmcel');
  deOtra = (await nuevaLlave(e, adminGmcel, await idUsuario(e, gmcel, 'admin'))).llave;
}, 180_000);
afterAll(() => e.cerrar());

const llamar = (r: Operacion, llave: string | undefined, ip?: string, token?: string) =>
  pedir(
    e.app,
    token ? { token, xsrf: admin.xsrf } : null,
    r.metodo as Metodo,
    r.ruta === '/v1/recargas' && r.metodo === 'GET' ? '/v1/recargas?referencia=x' : r.url,
    r.metodo === 'POST' ? { dn: dnNuevo(), compania: 'T' } : undefined,
    { ...(ip ? { ip } : {}), clave: `s-${Math.random()}`, cabeceras: llave ? { 'x-api-key': llave } : {} },
  );

describe('/v1 in the security matrix', () => {
  it('the API routes (issues 23 and 44), each documented with the key scheme', () => {
    expect(rutas.map((r) => r.celda).sort()).toEqual([
      'GET /v1/companias',
      'GET /v1/operador/{dn}',
      'GET /v1/recargas',
      'GET /v1/recargas/{id}',
      'GET /v1/saldo',
      'POST /v1/recargas',
    ]);
    const doc = e.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.components.securitySchemes.llaveApi).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    for (const r of rutas)
      expect(doc.paths[r.ruta]?.[r.metodo.toLowerCase()]?.security).toEqual([{ llaveApi: [] }]);
  });

  it('no key, a session token, a forged key and a revoked key are 401 on every route', async () => {
    const forjada = `${viva.slice(0, 16)}${'A'.repeat(43)}`;
    const fallos: string[] = [];
    for (const r of rutas)
      for (const [caso, llave, token] of [
        ['sin llave', undefined, undefined],
        ['token de sesión', undefined, admin.token],
        ['forjada', forjada, undefined],
        ['revocada', revocada, undefined],
      ] as const) {
        const x = await llamar(r, llave, undefined, token);
        if (
          x.statusCode !== 401 ||
          x.json().codigo !== 'llave_invalida' ||
          x.json().mensaje !== M.llaveApiInvalida
        )
          fallos.push(`${r.celda} ${caso}: ${x.statusCode} ${x.body}`);
      }
    expect(fallos).toEqual([]);
  });

  it('a key outside its IP ranges is 403; inside them (v4 and v6) it gets in', async () => {
    const fallos: string[] = [];
    for (const r of rutas) {
      const fuera = await llamar(r, conRango, '10.2.0.1');
      if (fuera.statusCode !== 403 || fuera.json().codigo !== 'ip_no_permitida')
        fallos.push(`${r.celda} fuera: ${fuera.statusCode} ${fuera.body}`);
      for (const ip of ['10.1.200.3', '2001:db8::7']) {
        const dentro = await llamar(r, conRango, ip);
        if (dentro.statusCode === 401 || dentro.statusCode === 403 || dentro.statusCode >= 500)
          fallos.push(`${r.celda} dentro ${ip}: ${dentro.statusCode} ${dentro.body}`);
      }
    }
    expect(fallos).toEqual([]);
  });

  it("a live key gets in on every route; its user's route whitelist still applies", async () => {
    const fallos: string[] = [];
    for (const r of rutas) {
      const x = await llamar(r, viva);
      if (x.statusCode === 401 || x.statusCode === 403 || x.statusCode >= 500)
        fallos.push(`${r.celda}: ${x.statusCode} ${x.body}`);
      // capturista's whitelist is administrarBase only: no top-ups, no movements.
      const c = await llamar(r, deCapturista);
      if (c.statusCode !== 403 || c.json().codigo !== 'sin_permiso')
        fallos.push(`${r.celda} capturista: ${c.statusCode}`);
    }
    expect(fallos).toEqual([]);
  });

  it("another company's key finds nothing of this company's top-ups", async () => {
    const hecha = await v1(
      e,
      viva,
      'POST',
      '/v1/recargas',
      { dn: dnNuevo(), compania: 'T', referencia: 'r-demo' },
      'o-1',
    );
    expect(hecha.statusCode).toBe(200);
    const id = hecha.json().id;
    expect((await v1(e, deOtra, 'GET', `/v1/recargas/${id}`)).statusCode).toBe(404);
    expect((await v1(e, deOtra, 'GET', '/v1/recargas?referencia=r-demo')).json()).toEqual({
      recargas: [],
      siguiente: null,
    });
    // The same Idempotency-Key under the other company's key is that company's own top-up.
    const suya = await v1(
      e,
      deOtra,
      'POST',
      '/v1/recargas',
      { dn: dnNuevo(), compania: 'T', monto: 30 },
      'o-1',
    );
    expect(suya.statusCode).toBe(200);
    expect(suya.json().id).not.toBe(id);
    const fila = await e.db
      .selectFrom('recargas')
      .select('empresa_id')
      .where('id', '=', suya.json().id)
      .executeTakeFirstOrThrow();
    expect(fila.empresa_id).toBe(await idEmpresa(e, 'gmcel'));
  });

  it("another company's administrator cannot list, revoke or resend this company's keys and deliveries", async () => {
    const adminGmcel = await entrar(e.app, 'admin', 'gmcel');
    const demo = await e.db
      .selectFrom('llaves_api')
      .select('id')
      .where('empresa_id', '=', await idEmpresa(e, 'demo'))
      .execute();
    const lista = await pedir(e.app, adminGmcel, 'GET', '/api/llaves');
    const suyas = (lista.json().llaves as { id: number }[]).map((k) => k.id);
    expect(suyas.some((id) => demo.some((d) => d.id === id))).toBe(false);
    const [primera] = demo;
    const r = await pedir(e.app, adminGmcel, 'DELETE', `/api/llaves/${primera?.id}`);
    expect(r.statusCode).toBe(404);
    const sigue = await e.db
      .selectFrom('llaves_api')
      .select('revocada')
      .where('id', '=', primera?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(sigue.revocada).toBeNull();
  });
});
