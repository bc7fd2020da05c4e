import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { pedir } from './peticion.ts';
import * as A from './usuarios-acceso-entorno.ts';

/**
 * Authorization matrix of the users routes (spec section 6): every route × the demo users of
 * levels 0 to 3 × a resource of their own company (demo) or of another one (gsmoviles).
 * Each row states its outcome; nothing is computed from the table.
 *
 * Level 0 (root) and 1 (admin) administer users; level 2 (lider, with USUARIO_CLIENTE) only the
 * clients of its own leader; level 3 (cliente) is refused everywhere. Another company's ids are
 * 404 and never appear in a list. The amounts toggle is for administrators with PERMISO_MONTOS.
 */
A.prepararAcceso();

interface Peticion {
  method: 'GET' | 'POST';
  url: string;
  payload?: Record<string, unknown>;
}

/** A new client of `lider` and `cliente` (of the caller's company or of gsmoviles). */
const registro = (lider: number, cliente: number): Peticion => ({
  method: 'POST',
  url: '/registrarUsuario',
  payload: {
    username: `nuevo${A.siguiente()}`,
    nombre: 'Nuevo',
    password: 'Clave.123',
    nivel: 3,
    lider,
    cliente,
  },
});

/** The request of each route against a resource of the caller's company or of gsmoviles. */
const PETICIONES: Record<string, Record<A.Donde, () => Promise<Peticion>>> = {
  'POST /registrarUsuario': {
    propia: async () => registro(A.ids.liderDemo, A.ids.clienteDemo),
    otra: async () => registro(A.ids.liderGsm, A.ids.clienteGsm),
  },
  'POST /editarUsuario': {
    propia: async () => ({
      method: 'POST',
      url: '/editarUsuario',
      payload: {
        id: await A.clienteDemoNuevo(),
        nombre: 'Editado',
        nivel: 3,
        lider: A.ids.liderDemo,
        cliente: A.ids.clienteDemo,
      },
    }),
    otra: async () => ({
      method: 'POST',
      url: '/editarUsuario',
      payload: {
        id: A.ids.usuarioGsm,
        nombre: 'Editado',
        nivel: 3,
        lider: A.ids.liderGsm,
        cliente: A.ids.clienteGsm,
      },
    }),
  },
  'POST /eliminarUsuario': {
    propia: async () => ({
      method: 'POST',
      url: '/eliminarUsuario',
      payload: { id: await A.clienteDemoNuevo() },
    }),
    otra: async () => ({ method: 'POST', url: '/eliminarUsuario', payload: { id: A.ids.usuarioGsm } }),
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
    propia: async () => ({ method: 'GET', url: `/api/usuarios/${await A.clienteDemoNuevo()}` }),
    otra: async () => ({ method: 'GET', url: `/api/usuarios/${A.ids.usuarioGsm}` }),
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
          await A.e.db
            .selectFrom('usuarios')
            .select('username')
            .where('id', '=', await A.clienteDemoNuevo())
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
    propia: async () => ({ method: 'GET', url: `/api/clientes?lider=${A.ids.liderDemo}` }),
    otra: async () => ({ method: 'GET', url: `/api/clientes?lider=${A.ids.liderGsm}` }),
  },
};

/** What a 200 list must show: the own company's row present, the other company's absent. */
type Contenido = 'con-demo' | 'sin-gsm' | '-';

// biome-ignore format: one row per case
const MATRIZ: [ruta: string, quien: A.Quien, donde: A.Donde, status: number, contenido: Contenido][] = [
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

/** A request as `quien`: the XSRF header only on writes, as the browser sends it. */
const enviar = (quien: A.Quien, p: Peticion) => {
  const s = A.sesiones[quien];
  return pedir(
    A.e.app,
    { token: s.token, xsrf: p.method === 'POST' ? s.xsrf : undefined },
    p.method,
    p.url,
    p.payload,
  );
};

describe('users routes × levels 0–3 × own/other company', () => {
  it('the matrix covers every route, level and company once', () => {
    expect(MATRIZ).toHaveLength(Object.keys(PETICIONES).length * 4 * 2);
    expect(new Set(MATRIZ.map(([r, q, d]) => `${r}|${q}|${d}`)).size).toBe(MATRIZ.length);
  });

  it.each(MATRIZ)('%s as %s, %s company → %i (%s)', async (ruta, quien, donde, status, contenido) => {
    const hacer = PETICIONES[ruta]?.[donde];
    if (!hacer) throw new Error(`sin petición para ${ruta}`);
    const r = await enviar(quien, await hacer());
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
    const deGsm = () =>
      A.e.db.selectFrom('usuarios').selectAll().where('empresa_id', '=', A.ids.gsm).orderBy('id').execute();
    const antes = await deGsm();
    expect(antes.find((u) => u.id === A.ids.usuarioGsm)).toMatchObject({
      nombre: 'Cliente de GS Móviles',
      eliminado: null,
      is_monto: false,
    });
    // Every write of the matrix aimed at gsmoviles, sent here: this test needs no other to run first.
    const escrituras = MATRIZ.filter(([ruta, , donde]) => ruta.startsWith('POST') && donde === 'otra');
    expect(escrituras).toHaveLength(16);
    for (const [ruta, quien, , status] of escrituras) {
      const p = await PETICIONES[ruta]?.otra();
      if (!p) throw new Error(`sin petición para ${ruta}`);
      expect((await enviar(quien, p)).statusCode, `${ruta} ${quien}`).toBe(status);
    }
    expect(await deGsm()).toEqual(antes);
  });
});

/** Section 6 rules inside one company, beyond the route gate. */
