import { M } from '@recargas/contracts/mensajes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as usuarios from '../src/modules/usuarios/service.ts';
import { conToken, crearEntorno, type Entorno, entrar } from './entorno.ts';
import { idDe } from './usuarios-entorno.ts';

/**
 * Authorization matrix of the users routes (spec section 6): every route × the demo users of
 * levels 0 to 3 × a resource of their own company (demo) or of another one (gsmoviles).
 * Each row states its outcome; nothing is computed from the table.
 *
 * Level 0 (root) and 1 (admin) administer users; level 2 (lider, with USUARIO_CLIENTE) only the
 * clients of its own leader; level 3 (cliente) is refused everywhere. Another company's ids are
 * 404 and never appear in a list. The amounts toggle is for administrators with PERMISO_MONTOS.
 */

let e: Entorno;
type Sesion = Awaited<ReturnType<typeof entrar>>;
const sesiones: Record<Quien, Sesion> = {} as Record<Quien, Sesion>;
type Quien = 'root' | 'admin' | 'lider' | 'cliente';
type Donde = 'propia' | 'otra';

const ids = { demo: 0, gsm: 0, liderDemo: 0, clienteDemo: 0, liderGsm: 0, clienteGsm: 0, usuarioGsm: 0 };
let n = 0;

beforeAll(async () => {
  e = await crearEntorno();
  for (const q of ['root', 'admin', 'lider', 'cliente'] as const) sesiones[q] = await entrar(e.app, q);
  const empresa = async (codigo: string) =>
    (await e.db.selectFrom('empresas').select('id').where('codigo', '=', codigo).executeTakeFirstOrThrow())
      .id;
  ids.demo = await empresa('demo');
  ids.gsm = await empresa('gsmoviles');
  ids.liderDemo = await idDe(e.db, 'lideres', 'Lider Demo');
  ids.clienteDemo = await idDe(e.db, 'clientes', 'Cliente Demo');
  ids.liderGsm = (
    await e.db
      .insertInto('lideres')
      .values({ empresa_id: ids.gsm, nombre: 'Lider GSM' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.clienteGsm = (
    await e.db
      .insertInto('clientes')
      .values({ empresa_id: ids.gsm, lider_id: ids.liderGsm, nombre: 'Cliente GSM' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  ids.usuarioGsm = await usuarios.crear(e.db, {
    empresaId: ids.gsm,
    username: 'solo_gsm',
    nombre: 'Cliente de GS Móviles',
    password: 'Clave.123',
    nivel: 3,
    liderId: ids.liderGsm,
    clienteId: ids.clienteGsm,
  });
});
afterAll(() => e.cerrar());

/** A fresh demo client of Lider Demo (a target each row may edit or delete). */
const clienteDemoNuevo = () =>
  usuarios.crear(e.db, {
    empresaId: ids.demo,
    username: `objetivo${++n}`,
    nombre: `Objetivo ${n}`,
    password: 'Clave.123',
    nivel: 3,
    liderId: ids.liderDemo,
    clienteId: ids.clienteDemo,
  });

interface Peticion {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}

/** A new client of `lider` and `cliente` (of the caller's company or of gsmoviles). */
const registro = (lider: number, cliente: number): Peticion => ({
  method: 'POST',
  url: '/registrarUsuario',
  payload: { username: `nuevo${++n}`, nombre: 'Nuevo', password: 'Clave.123', nivel: 3, lider, cliente },
});

/** The request of each route against a resource of the caller's company or of gsmoviles. */
const PETICIONES: Record<string, Record<Donde, () => Promise<Peticion>>> = {
  'POST /registrarUsuario': {
    propia: async () => registro(ids.liderDemo, ids.clienteDemo),
    otra: async () => registro(ids.liderGsm, ids.clienteGsm),
  },
  'POST /editarUsuario': {
    propia: async () => ({
      method: 'POST',
      url: '/editarUsuario',
      payload: {
        id: await clienteDemoNuevo(),
        nombre: 'Editado',
        nivel: 3,
        lider: ids.liderDemo,
        cliente: ids.clienteDemo,
      },
    }),
    otra: async () => ({
      method: 'POST',
      url: '/editarUsuario',
      payload: {
        id: ids.usuarioGsm,
        nombre: 'Editado',
        nivel: 3,
        lider: ids.liderGsm,
        cliente: ids.clienteGsm,
      },
    }),
  },
  'POST /eliminarUsuario': {
    propia: async () => ({
      method: 'POST',
      url: '/eliminarUsuario',
      payload: { id: await clienteDemoNuevo() },
    }),
    otra: async () => ({ method: 'POST', url: '/eliminarUsuario', payload: { id: ids.usuarioGsm } }),
  },
  'GET /api/usuarios': {
    propia: async () => ({
      method: 'GET',
      url: `/api/usuarios?filtros=${encodeURIComponent('{"username":["cliente"]}')}`,
    }),
    otra: async () => ({
      method: 'GET',
      url: `/api/usuarios?filtros=${encodeURIComponent('{"username":["solo_gsm"]}')}`,
    }),
  },
  'GET /api/usuarios/:id': {
    propia: async () => ({ method: 'GET', url: `/api/usuarios/${await clienteDemoNuevo()}` }),
    otra: async () => ({ method: 'GET', url: `/api/usuarios/${ids.usuarioGsm}` }),
  },
  'GET /api/usuariosMonto': {
    propia: async () => ({ method: 'GET', url: '/api/usuariosMonto?limit=100' }),
    otra: async () => ({ method: 'GET', url: '/api/usuariosMonto?limit=100' }),
  },
  'POST /api/setUsuariosMonto': {
    // A fresh client: a changed permission ends its user's sessions, and 'cliente' has one here.
    propia: async () => ({
      method: 'POST',
      url: '/api/setUsuariosMonto',
      payload: {
        username: (
          await e.db
            .selectFrom('usuarios')
            .select('username')
            .where('id', '=', await clienteDemoNuevo())
            .executeTakeFirstOrThrow()
        ).username,
        isMonto: 1,
      },
    }),
    otra: async () => ({
      method: 'POST',
      url: '/api/setUsuariosMonto',
      payload: { username: 'solo_gsm', isMonto: 1 },
    }),
  },
  'GET /api/lideres': {
    propia: async () => ({ method: 'GET', url: '/api/lideres?q=lider%20demo' }),
    otra: async () => ({ method: 'GET', url: '/api/lideres?q=lider%20gsm' }),
  },
  'GET /api/clientes': {
    propia: async () => ({ method: 'GET', url: `/api/clientes?lider=${ids.liderDemo}` }),
    otra: async () => ({ method: 'GET', url: `/api/clientes?lider=${ids.liderGsm}` }),
  },
};

/** What a 200 list must show: the own company's row present, the other company's absent. */
type Contenido = 'con-demo' | 'sin-gsm' | '-';

// biome-ignore format: one row per case
const MATRIZ: [ruta: string, quien: Quien, donde: Donde, status: number, contenido: Contenido][] = [
  ['POST /registrarUsuario', 'root', 'propia', 200, '-'],
  ['POST /registrarUsuario', 'admin', 'propia', 200, '-'],
  ['POST /registrarUsuario', 'lider', 'propia', 200, '-'],
  ['POST /registrarUsuario', 'cliente', 'propia', 403, '-'],
  ['POST /registrarUsuario', 'root', 'otra', 404, '-'],
  ['POST /registrarUsuario', 'admin', 'otra', 404, '-'],
  ['POST /registrarUsuario', 'lider', 'otra', 403, '-'],
  ['POST /registrarUsuario', 'cliente', 'otra', 403, '-'],

  ['POST /editarUsuario', 'root', 'propia', 200, '-'],
  ['POST /editarUsuario', 'admin', 'propia', 200, '-'],
  ['POST /editarUsuario', 'lider', 'propia', 200, '-'],
  ['POST /editarUsuario', 'cliente', 'propia', 403, '-'],
  ['POST /editarUsuario', 'root', 'otra', 404, '-'],
  ['POST /editarUsuario', 'admin', 'otra', 404, '-'],
  ['POST /editarUsuario', 'lider', 'otra', 404, '-'],
  ['POST /editarUsuario', 'cliente', 'otra', 403, '-'],

  ['POST /eliminarUsuario', 'root', 'propia', 200, '-'],
  ['POST /eliminarUsuario', 'admin', 'propia', 200, '-'],
  ['POST /eliminarUsuario', 'lider', 'propia', 200, '-'],
  ['POST /eliminarUsuario', 'cliente', 'propia', 403, '-'],
  ['POST /eliminarUsuario', 'root', 'otra', 404, '-'],
  ['POST /eliminarUsuario', 'admin', 'otra', 404, '-'],
  ['POST /eliminarUsuario', 'lider', 'otra', 404, '-'],
  ['POST /eliminarUsuario', 'cliente', 'otra', 403, '-'],

  ['GET /api/usuarios', 'root', 'propia', 200, 'con-demo'],
  ['GET /api/usuarios', 'admin', 'propia', 200, 'con-demo'],
  ['GET /api/usuarios', 'lider', 'propia', 200, 'con-demo'],
  ['GET /api/usuarios', 'cliente', 'propia', 403, '-'],
  ['GET /api/usuarios', 'root', 'otra', 200, 'sin-gsm'],
  ['GET /api/usuarios', 'admin', 'otra', 200, 'sin-gsm'],
  ['GET /api/usuarios', 'lider', 'otra', 200, 'sin-gsm'],
  ['GET /api/usuarios', 'cliente', 'otra', 403, '-'],

  ['GET /api/usuarios/:id', 'root', 'propia', 200, '-'],
  ['GET /api/usuarios/:id', 'admin', 'propia', 200, '-'],
  ['GET /api/usuarios/:id', 'lider', 'propia', 200, '-'],
  ['GET /api/usuarios/:id', 'cliente', 'propia', 403, '-'],
  ['GET /api/usuarios/:id', 'root', 'otra', 404, '-'],
  ['GET /api/usuarios/:id', 'admin', 'otra', 404, '-'],
  ['GET /api/usuarios/:id', 'lider', 'otra', 404, '-'],
  ['GET /api/usuarios/:id', 'cliente', 'otra', 403, '-'],

  ['GET /api/usuariosMonto', 'root', 'propia', 200, 'con-demo'],
  ['GET /api/usuariosMonto', 'admin', 'propia', 200, 'con-demo'],
  ['GET /api/usuariosMonto', 'lider', 'propia', 403, '-'],
  ['GET /api/usuariosMonto', 'cliente', 'propia', 403, '-'],
  ['GET /api/usuariosMonto', 'root', 'otra', 200, 'sin-gsm'],
  ['GET /api/usuariosMonto', 'admin', 'otra', 200, 'sin-gsm'],
  ['GET /api/usuariosMonto', 'lider', 'otra', 403, '-'],
  ['GET /api/usuariosMonto', 'cliente', 'otra', 403, '-'],

  ['POST /api/setUsuariosMonto', 'root', 'propia', 200, '-'],
  ['POST /api/setUsuariosMonto', 'admin', 'propia', 200, '-'],
  ['POST /api/setUsuariosMonto', 'lider', 'propia', 403, '-'],
  ['POST /api/setUsuariosMonto', 'cliente', 'propia', 403, '-'],
  ['POST /api/setUsuariosMonto', 'root', 'otra', 404, '-'],
  ['POST /api/setUsuariosMonto', 'admin', 'otra', 404, '-'],
  ['POST /api/setUsuariosMonto', 'lider', 'otra', 403, '-'],
  ['POST /api/setUsuariosMonto', 'cliente', 'otra', 403, '-'],

  ['GET /api/lideres', 'root', 'propia', 200, 'con-demo'],
  ['GET /api/lideres', 'admin', 'propia', 200, 'con-demo'],
  ['GET /api/lideres', 'lider', 'propia', 200, 'con-demo'],
  ['GET /api/lideres', 'cliente', 'propia', 403, '-'],
  ['GET /api/lideres', 'root', 'otra', 200, 'sin-gsm'],
  ['GET /api/lideres', 'admin', 'otra', 200, 'sin-gsm'],
  ['GET /api/lideres', 'lider', 'otra', 200, 'sin-gsm'],
  ['GET /api/lideres', 'cliente', 'otra', 403, '-'],

  ['GET /api/clientes', 'root', 'propia', 200, 'con-demo'],
  ['GET /api/clientes', 'admin', 'propia', 200, 'con-demo'],
  ['GET /api/clientes', 'lider', 'propia', 200, 'con-demo'],
  ['GET /api/clientes', 'cliente', 'propia', 403, '-'],
  ['GET /api/clientes', 'root', 'otra', 200, 'sin-gsm'],
  ['GET /api/clientes', 'admin', 'otra', 200, 'sin-gsm'],
  ['GET /api/clientes', 'lider', 'otra', 200, 'sin-gsm'],
  ['GET /api/clientes', 'cliente', 'otra', 403, '-'],
];

const MENSAJES: Record<number, string> = { 200: '', 403: M.sinPermiso, 404: M.noEncontrado };

describe('users routes × levels 0–3 × own/other company', () => {
  it('the matrix covers every route, level and company once', () => {
    expect(MATRIZ).toHaveLength(Object.keys(PETICIONES).length * 4 * 2);
    expect(new Set(MATRIZ.map(([r, q, d]) => `${r}|${q}|${d}`)).size).toBe(MATRIZ.length);
  });

  it.each(MATRIZ)('%s as %s, %s company → %i (%s)', async (ruta, quien, donde, status, contenido) => {
    const hacer = PETICIONES[ruta]?.[donde];
    if (!hacer) throw new Error(`sin petición para ${ruta}`);
    const p = await hacer();
    const s = sesiones[quien];
    const r = await e.app.inject({
      method: p.method,
      url: p.url,
      ...(p.payload ? { payload: p.payload } : {}),
      headers: conToken(s.token, p.method === 'POST' ? s.xsrf : undefined),
    });
    expect(r.statusCode, r.body).toBe(status);
    const cuerpo = r.json();
    if (status !== 200) {
      expect(cuerpo.mensaje).toBe(MENSAJES[status]);
      return;
    }
    const texto = JSON.stringify(cuerpo);
    if (contenido === 'con-demo') expect(texto).toMatch(/"(cliente|Lider Demo|Cliente Demo)"/);
    if (contenido === 'sin-gsm') {
      expect(texto).not.toContain('solo_gsm');
      expect(texto).not.toContain('GSM');
      expect(texto).not.toContain('Cliente de GS');
    }
  });

  it('the other company’s rows are untouched by every refused write', async () => {
    const u = await e.db
      .selectFrom('usuarios')
      .selectAll()
      .where('id', '=', ids.usuarioGsm)
      .executeTakeFirstOrThrow();
    expect(u).toMatchObject({ nombre: 'Cliente de GS Móviles', eliminado: null, is_monto: false });
    const enGsm = await e.db
      .selectFrom('usuarios')
      .select('username')
      .where('empresa_id', '=', ids.gsm)
      .where('username', 'like', 'nuevo%')
      .execute();
    expect(enGsm).toEqual([]);
  });
});

/** Section 6 rules inside one company, beyond the route gate. */
describe('hierarchy rules inside the company', () => {
  const post = (q: Quien, url: string, payload: Record<string, unknown>) =>
    e.app.inject({ method: 'POST', url, payload, headers: conToken(sesiones[q].token, sesiones[q].xsrf) });
  const idDe = async (username: string) =>
    (
      await e.db
        .selectFrom('usuarios')
        .select('id')
        .where('username', '=', username)
        .where('empresa_id', '=', ids.demo)
        .where('eliminado', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;

  // biome-ignore format: one row per case
  const REGLAS: [
    caso: string,
    quien: Quien,
    hacer: () => Promise<[string, Record<string, unknown>]>,
    status: number,
    mensaje: string,
  ][] = [
    [
      'level 2 registers a leader (level 2)',
      'lider',
      async () => [
        '/registrarUsuario',
        { username: `x${++n}`, nombre: 'X', password: 'p', nivel: 2, lider: ids.liderDemo },
      ],
      403,
      M.sinPermiso,
    ],
    [
      'level 1 registers an administrator',
      'admin',
      async () => [
        '/registrarUsuario',
        { username: `x${++n}`, nombre: 'X', password: 'p', nivel: 1, lider: 0 },
      ],
      403,
      M.administradoresDeshabilitado,
    ],
    [
      'level 0 registers an administrator',
      'root',
      async () => [
        '/registrarUsuario',
        { username: `x${++n}`, nombre: 'X', password: 'p', nivel: 0, lider: 0 },
      ],
      403,
      M.administradoresDeshabilitado,
    ],
    [
      'level 1 registers a leader with Sin lider',
      'admin',
      async () => [
        '/registrarUsuario',
        { username: `x${++n}`, nombre: `Lider ${n}`, password: 'p', nivel: 2, lider: '0' },
      ],
      200,
      M.registradoCorrectamente,
    ],
    [
      'level 1 edits an administrator',
      'admin',
      async () => [
        '/editarUsuario',
        { id: await idDe('portas'), nombre: 'X', nivel: 2, lider: ids.liderDemo },
      ],
      403,
      M.administradoresDeshabilitado,
    ],
    [
      'level 2 edits itself (a level-2 user)',
      'lider',
      async () => [
        '/editarUsuario',
        { id: await idDe('lider'), nombre: 'X', nivel: 3, lider: ids.liderDemo, cliente: ids.clienteDemo },
      ],
      403,
      M.sinPermiso,
    ],
    [
      'level 2 deletes an administrator',
      'lider',
      async () => ['/eliminarUsuario', { id: await idDe('admin') }],
      404,
      M.noEncontrado,
    ],
    [
      'level 1 deletes an administrator',
      'admin',
      async () => ['/eliminarUsuario', { id: await idDe('capturista') }],
      403,
      M.administradoresDeshabilitado,
    ],
    [
      'level 1 turns the amount on for an administrator',
      'admin',
      async () => ['/api/setUsuariosMonto', { username: 'root', isMonto: 1 }],
      403,
      M.administradoresDeshabilitado,
    ],
  ];

  it.each(REGLAS)('%s → %i', async (_caso, quien, hacer, status, mensaje) => {
    const [url, payload] = await hacer();
    const r = await post(quien, url, payload);
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json().mensaje).toBe(mensaje);
  });

  // Without it the leader has no users screen ('Mis clientes'), so no call of that screen either.
  it('a leader without USUARIO_CLIENTE neither writes clients nor lists them', async () => {
    const yo = await idDe('lider');
    await e.db
      .deleteFrom('usuario_permisos')
      .where('usuario_id', '=', yo)
      .where('clave', '=', 'USUARIO_CLIENTE')
      .execute();
    try {
      const r = await post('lider', '/registrarUsuario', {
        username: `x${++n}`,
        nombre: 'X',
        password: 'p',
        nivel: 3,
        lider: ids.liderDemo,
        cliente: ids.clienteDemo,
      });
      expect(r.statusCode).toBe(403);
      const d = await post('lider', '/eliminarUsuario', { id: await clienteDemoNuevo() });
      expect(d.statusCode).toBe(403);
      const lista = await e.app.inject({ url: '/api/usuarios', headers: conToken(sesiones.lider.token) });
      expect(lista.statusCode).toBe(403);
      expect(lista.json().mensaje).toBe(M.sinPermiso);
    } finally {
      await e.db
        .insertInto('usuario_permisos')
        .values({ usuario_id: yo, clave: 'USUARIO_CLIENTE' })
        .execute();
    }
  });
});
