import { M } from '@recargas/contracts/mensajes';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conToken, crearEntornoReloadly, type Entorno, entrar, idEmpresa } from './entorno.ts';
import { pedir } from './peticion.ts';
import {
  concedido,
  llamar as llamarEn,
  negado,
  type Operacion,
  operacionesDe,
} from './seguridad/llamadas.ts';
import { MATRIZ, permite } from './seguridad/matriz.ts';

/**
 * npm run test:security — every route of the OpenAPI document called with no token, with an
 * expired and a forged token, without the anti-forgery header, and with a token of every level
 * (and the two whitelisted administrators); each outcome checked against MATRIZ (spec section 6).
 * seguridad-permisos.test.ts adds a user without each permission.
 */
let e: Entorno;
let rutas: Operacion[] = [];
const usuarios: Record<string, { token: string; xsrf: string; nivel: number; permisos: string[] }> = {};
const cuenta = { bien: 0, mal: 0 };
const cambiaEstado = (m: string) => m !== 'GET';
const llamar = (r: Operacion, cabeceras: Record<string, string>) => llamarEn(e.app, r, cabeceras);

/** Collects every mismatch, counts the cells, and fails with the list. */
function revisar(fallos: string[], celda: string, ok: boolean, detalle: string) {
  if (ok) cuenta.bien++;
  else {
    cuenta.mal++;
    fallos.push(`${celda}: ${detalle}`);
  }
}

beforeAll(async () => {
  // One platform on the Reloadly adapter: the matrix holds whatever adapter serves it.
  e = await crearEntornoReloadly();
  rutas = operacionesDe(e.app);
  for (const u of ['root', 'admin', 'lider', 'cliente', 'portas', 'capturista']) {
    const s = await entrar(e.app, u);
    const r = s as unknown as { permisos: string[] };
    usuarios[u] = { token: s.token, xsrf: s.xsrf, nivel: s.nivel, permisos: r.permisos };
  }
});
afterAll(async () => {
  console.log(`seguridad: ${cuenta.bien} passed, ${cuenta.mal} failed`);
  await e.cerrar();
});

describe('security matrix (spec section 6)', () => {
  it('every route of the API is in the matrix, and every matrix row is a route', () => {
    const reales = rutas.map((r) => `${r.metodo} ${r.ruta}`).sort();
    expect(reales).toEqual(Object.keys(MATRIZ).sort());
  });

  it('no token, an expired token and a forged token are refused on every non-public route', async () => {
    const fallos: string[] = [];
    const admin = await e.db
      .selectFrom('usuarios')
      .select(['id', 'empresa_id', 'nivel'])
      .where('username', '=', 'admin')
      .where('empresa_id', '=', await idEmpresa(e, 'demo'))
      .executeTakeFirstOrThrow();
    const sesion = await e.db
      .selectFrom('sesiones')
      .select('id')
      .where('usuario_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    const firmar = (secreto: string, exp: number) =>
      new SignJWT({ emp: admin.empresa_id, niv: admin.nivel, sid: String(sesion.id) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(admin.id))
        .setIssuedAt(exp - 900)
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(secreto));
    const ahora = Math.floor(Date.now() / 1000);
    const vencido = await firmar(e.config.jwtSecret, ahora - 60);
    const falso = await firmar('otro-secreto-que-nadie-conoce-0123456789', ahora + 600);
    for (const r of rutas) {
      const regla = MATRIZ[`${r.metodo} ${r.ruta}`];
      if (regla === undefined || typeof regla === 'string') continue;
      const celda = `${r.metodo} ${r.ruta}`;
      const sin = await llamar(r, {});
      revisar(
        fallos,
        `${celda} sin token`,
        sin.status === 401 && sin.mensaje === M.tokenInvalido,
        JSON.stringify(sin),
      );
      const v = await llamar(r, conToken(vencido, usuarios.admin?.xsrf));
      revisar(
        fallos,
        `${celda} vencido`,
        v.status === 401 && v.mensaje === M.tokenExpirado,
        JSON.stringify(v),
      );
      const f = await llamar(r, conToken(falso, usuarios.admin?.xsrf));
      revisar(fallos, `${celda} falso`, f.status === 401 && f.mensaje === M.tokenInvalido, JSON.stringify(f));
    }
    expect(fallos).toEqual([]);
  });

  it('state-changing routes refuse a call without the anti-forgery header', async () => {
    const fallos: string[] = [];
    // Root passes every level check (the company switch is root's alone), so XSRF is what refuses.
    const root = usuarios.root;
    if (!root) throw new Error('sin root');
    for (const r of rutas) {
      const regla = MATRIZ[`${r.metodo} ${r.ruta}`];
      // The /v1 API takes no cookie, so no anti-forgery token (seguridad-llaves.test.ts).
      if (!cambiaEstado(r.metodo) || typeof regla === 'string') continue;
      const x = await llamar(r, conToken(root.token));
      revisar(
        fallos,
        `${r.metodo} ${r.ruta} sin XSRF`,
        x.status === 403 && x.mensaje === M.xsrfInvalido,
        JSON.stringify(x),
      );
    }
    expect(fallos).toEqual([]);
  });

  it('each level, permission set and route whitelist gets exactly what the matrix allows', async () => {
    const fallos: string[] = [];
    for (const r of rutas) {
      const regla = MATRIZ[r.celda];
      // Logging out would end the session the other cells use; it is covered by the auth tests.
      if (regla === undefined || typeof regla === 'string' || r.ruta === '/api/cerrarSesion') continue;
      for (const [nombre, u] of Object.entries(usuarios)) {
        const x = await llamar(r, conToken(u.token, u.xsrf));
        const celda = `${r.celda} como ${nombre}`;
        if (permite(r.celda, { ...u, nombre }))
          revisar(fallos, celda, concedido(x), `esperaba acceso, ${JSON.stringify(x)}`);
        else revisar(fallos, celda, negado(x, M.sinPermiso), `esperaba 403, ${JSON.stringify(x)}`);
      }
    }
    expect(fallos).toEqual([]);
  });

  it('public routes never ask for a session', async () => {
    const fallos: string[] = [];
    for (const r of rutas) {
      const regla = MATRIZ[`${r.metodo} ${r.ruta}`];
      if (regla !== 'publico' && regla !== 'capacidad') continue;
      const x = await llamar(r, {});
      // Renewal without its cookie is the one public call whose answer is 'invalid token'.
      const pideSesion = x.mensaje === M.tokenInvalido && r.ruta !== '/api/renuevaToken';
      revisar(
        fallos,
        `${r.metodo} ${r.ruta}`,
        !pideSesion && x.status !== 403 && x.status < 500,
        JSON.stringify(x),
      );
    }
    expect(fallos).toEqual([]);
  });

  it("another company's token naming this company's ids finds nothing and changes nothing", async () => {
    const otra = await entrar(e.app, 'admin', 'gmcel');
    const demo = async (username: string) =>
      e.db
        .selectFrom('usuarios as u')
        .innerJoin('empresas as em', 'em.id', 'u.empresa_id')
        .select(['u.id', 'u.nombre', 'u.eliminado'])
        .where('em.codigo', '=', 'demo')
        .where('u.username', '=', username)
        .executeTakeFirstOrThrow();
    const lider = await demo('lider');
    const cliente = await demo('cliente');
    const linea = await e.db
      .selectFrom('lineas as l')
      .innerJoin('empresas as em', 'em.id', 'l.empresa_id')
      .select(['l.id', 'l.icc', 'l.dn', 'l.compania'])
      .where('em.codigo', '=', 'demo')
      .where('l.dn', '<>', '')
      .executeTakeFirstOrThrow();
    const temaDemo = await e.db
      .selectFrom('empresas')
      .selectAll()
      .where('codigo', '=', 'demo')
      .executeTakeFirstOrThrow();
    const casos: [string, 'GET' | 'POST' | 'PATCH', string, object | undefined, number][] = [
      ['read a user', 'GET', `/api/usuarios/${lider.id}`, undefined, 404],
      [
        'edit a user',
        'POST',
        '/editarUsuario',
        { id: lider.id, nombre: 'Tomado', username: 'lider', nivel: 2 },
        404,
      ],
      ['delete a user', 'POST', '/eliminarUsuario', { id: cliente.id }, 404],
      [
        'edit a line',
        'POST',
        '/actualizarIcc',
        { id: Number(linea.id), icc: linea.icc, dn: linea.dn, compania: linea.compania },
        404,
      ],
      // Settings name no company: the token's own is changed, demo's stays as it was (below).
      ['change the settings', 'PATCH', '/api/configuraciones', { primaryColor: '#123456' }, 200],
    ];
    const fallos: string[] = [];
    for (const [caso, metodo, url, cuerpo, esperado] of casos) {
      const r = await pedir(e.app, otra, metodo, url, cuerpo);
      revisar(fallos, `gmcel → demo: ${caso}`, r.statusCode === esperado, `${r.statusCode} ${r.body}`);
    }
    expect(fallos).toEqual([]);
    expect(await demo('lider')).toEqual(lider);
    expect(await demo('cliente')).toEqual(cliente);
    const mismaLinea = await e.db
      .selectFrom('lineas')
      .select(['icc', 'dn'])
      .where('id', '=', linea.id)
      .executeTakeFirstOrThrow();
    expect(mismaLinea).toEqual({ icc: linea.icc, dn: linea.dn });
    expect(
      await e.db.selectFrom('empresas').selectAll().where('codigo', '=', 'demo').executeTakeFirstOrThrow(),
    ).toEqual(temaDemo);
  });
});
