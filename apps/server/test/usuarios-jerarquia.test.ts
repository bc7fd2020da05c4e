import { M } from '@recargas/contracts/mensajes';
import { describe, expect, it } from 'vitest';
import { pedir } from './peticion.ts';
import * as A from './usuarios-acceso-entorno.ts';

/** The hierarchy rules of spec section 6 inside the company: who writes whom, and what level 2 may do. */
A.prepararAcceso();

describe('hierarchy rules inside the company', () => {
  const idDe = async (username: string) =>
    (
      await A.e.db
        .selectFrom('usuarios')
        .select('id')
        .where('username', '=', username)
        .where('empresa_id', '=', A.ids.demo)
        .where('eliminado', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;

  // biome-ignore format: one row per case
  const REGLAS: [
    caso: string,
    quien: A.Quien,
    hacer: () => Promise<[string, Record<string, unknown>]>,
    status: number,
    mensaje: string,
  ][] = [
    [
      'level 2 registers a leader (level 2)',
      'lider',
      async () => [
        '/registrarUsuario',
        { username: `x${A.siguiente()}`, nombre: 'X', password: 'p', nivel: 2, lider: A.ids.liderDemo },
      ],
      403,
      M.sinPermiso,
    ],
    [
      'level 1 registers an administrator',
      'admin',
      async () => [
        '/registrarUsuario',
        { username: `x${A.siguiente()}`, nombre: 'X', password: 'p', nivel: 1, lider: 0 },
      ],
      403,
      M.administradoresDeshabilitado,
    ],
    [
      'level 0 registers an administrator',
      'root',
      async () => [
        '/registrarUsuario',
        { username: `x${A.siguiente()}`, nombre: 'X', password: 'p', nivel: 0, lider: 0 },
      ],
      403,
      M.administradoresDeshabilitado,
    ],
    [
      'level 1 registers a leader with Sin lider',
      'admin',
      async () => [
        '/registrarUsuario',
        { username: `x${A.siguiente()}`, nombre: `Lider ${A.siguiente()}`, password: 'p', nivel: 2, lider: '0' },
      ],
      200,
      M.registradoCorrectamente,
    ],
    [
      'level 1 edits an administrator',
      'admin',
      async () => [
        '/editarUsuario',
        { id: await idDe('portas'), nombre: 'X', nivel: 2, lider: A.ids.liderDemo },
      ],
      403,
      M.administradoresDeshabilitado,
    ],
    [
      'level 2 edits itself (a level-2 user)',
      'lider',
      async () => [
        '/editarUsuario',
        { id: await idDe('lider'), nombre: 'X', nivel: 3, lider: A.ids.liderDemo, cliente: A.ids.clienteDemo },
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
    const r = await pedir(A.e.app, A.sesiones[quien], 'POST', url, payload);
    expect(r.statusCode, r.body).toBe(status);
    expect(r.json().mensaje).toBe(mensaje);
  });

  // Without it the leader has no users screen ('Mis clientes'), so no call of that screen either.
  it('a leader without USUARIO_CLIENTE neither writes clients nor lists them', async () => {
    const yo = await idDe('lider');
    await A.e.db
      .deleteFrom('usuario_permisos')
      .where('usuario_id', '=', yo)
      .where('clave', '=', 'USUARIO_CLIENTE')
      .execute();
    try {
      const r = await pedir(A.e.app, A.sesiones.lider, 'POST', '/registrarUsuario', {
        username: `x${A.siguiente()}`,
        nombre: 'X',
        password: 'p',
        nivel: 3,
        lider: A.ids.liderDemo,
        cliente: A.ids.clienteDemo,
      });
      expect(r.statusCode).toBe(403);
      const d = await pedir(A.e.app, A.sesiones.lider, 'POST', '/eliminarUsuario', {
        id: await A.clienteDemoNuevo(),
      });
      expect(d.statusCode).toBe(403);
      const lista = await pedir(A.e.app, A.sesiones.lider, 'GET', '/api/usuarios');
      expect(lista.statusCode).toBe(403);
      expect(lista.json().mensaje).toBe(M.sinPermiso);
    } finally {
      await A.e.db
        .insertInto('usuario_permisos')
        .values({ usuario_id: yo, clave: 'USUARIO_CLIENTE' })
        .execute();
    }
  });
});
