import { CABECERA_PERMISOS, huellaPermisos } from '@recargas/contracts/auth/rutas';
import { M, texto } from '@recargas/contracts/mensajes';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sesionDeToken } from '../src/modules/auth/service.ts';
import * as escritura from '../src/modules/recargas/repo-escritura.ts';
import { crearEntorno, type Entorno, entrar, idEmpresa, idUsuario, type Sesion } from './entorno.ts';
import { pedir } from './peticion.ts';
import { porNumeroDemo, proveedorDemo, vigilarVersion } from './recargas-prueba.ts';

/**
 * Issue 42: a top-up by number may take its session from memory; its write checks in the same
 * statement that the session still holds. What another API process changes (its memory is not
 * this one's), written here straight to the database, must take effect at once, as it did when
 * every top-up read its session.
 */

let e: Entorno;
let demo: number;
beforeAll(async () => {
  e = await crearEntorno();
  demo = await idEmpresa(e, 'demo');
});
afterAll(() => e.cerrar());

let n = 0;
const dnNuevo = () => `55${String(20_000_000 + ++n).slice(-8)}`;
const recargar = (s: Sesion, clave: string, extra: Record<string, unknown> = {}) =>
  pedir(e.app, s, 'POST', '/checkOut', { dn: dnNuevo(), compania: 'T', ...extra }, { clave });
const escritas = async (username: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*) as n from recargas r join usuarios u on u.id = r.usuario_id
        where u.username = ${username} and u.empresa_id = ${demo}`.execute(e.db)
    ).rows[0]?.n,
  );
/** A user's session, used once by a top-up: it is then in this process's memory. */
const enMemoria = async (username: string) => {
  const s = await entrar(e.app, username);
  expect((await recargar(s, `calentar-${username}-${++n}`)).statusCode).toBe(200);
  return s;
};
const usuario = (username: string) => idUsuario(e, demo, username);

describe('a top-up on a session taken from memory', () => {
  it('the top-up routes take it from memory, every other caller reads it anew', async () => {
    const s = await enMemoria('portas');
    expect((await sesionDeToken(e.app, s.token, true)).releer).toBeTypeOf('function');
    expect((await sesionDeToken(e.app, s.token)).releer).toBeUndefined();
  });

  it('a session is kept in memory for a minute after it was read', async () => {
    const s = await enMemoria('portas');
    const ahora = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(ahora + 59_000);
      expect((await sesionDeToken(e.app, s.token, true)).releer).toBeTypeOf('function');
      vi.setSystemTime(ahora + 61_000);
      expect((await sesionDeToken(e.app, s.token, true)).releer).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a logout in another process: Token inválido at once, nothing written', async () => {
    const s = await enMemoria('cliente');
    const antes = await escritas('cliente');
    await sql`update sesiones set revocada = now() where usuario_id = ${await usuario('cliente')}`.execute(
      e.db,
    );
    const r = await recargar(s, 'tras-salir');
    expect(r.statusCode).toBe(401);
    expect(r.json().mensaje).toBe(M.tokenInvalido);
    expect(await escritas('cliente')).toBe(antes);
  });

  it('a user deleted in another process: refused at once, nothing written', async () => {
    const s = await enMemoria('portas');
    const antes = await escritas('portas');
    await sql`update usuarios set eliminado = now() where id = ${await usuario('portas')}`.execute(e.db);
    const r = await recargar(s, 'tras-borrar');
    expect(r.statusCode).toBe(401);
    expect(await escritas('portas')).toBe(antes);
    await sql`update usuarios set eliminado = null where id = ${await usuario('portas')}`.execute(e.db);
  });

  it('a route whitelist set in another process: refused at once, nothing written', async () => {
    const s = await enMemoria('lider');
    const antes = await escritas('lider');
    const id = await usuario('lider');
    await sql`insert into usuario_rutas (usuario_id, ruta, orden) values (${id}, 'administrarBase', 1)`.execute(
      e.db,
    );
    const r = await recargar(s, 'tras-rutas');
    expect(r.statusCode).toBe(403);
    expect(r.json().mensaje).toBe(M.sinPermiso);
    expect(await escritas('lider')).toBe(antes);
    await sql`delete from usuario_rutas where usuario_id = ${id}`.execute(e.db);
    expect((await recargar(s, 'sin-rutas')).statusCode).toBe(200);
  });

  it('a daily limit lowered in another process holds at once', async () => {
    const s = await enMemoria('lider');
    const id = await usuario('lider');
    // The places taken today: the counter of the user's latest day (the warm-up's).
    const { n: hoy } = await e.db
      .selectFrom('conteo_recargas')
      .select('n')
      .where('usuario_id', '=', id)
      .orderBy('dia', 'desc')
      .executeTakeFirstOrThrow();
    const antes = await escritas('lider');
    await sql`update usuarios set max_recargas = ${hoy} where id = ${id}`.execute(e.db);
    const r = await recargar(s, 'tras-limite');
    expect(r.statusCode).toBe(429);
    expect(r.json().mensaje).toBe(texto('limiteRecargasDia', { max: hoy }));
    expect(await escritas('lider')).toBe(antes);
  });

  it("a permission given in another process: the top-up's answer carries the new fingerprint", async () => {
    const s = await entrar(e.app, 'cliente');
    const antes = (await recargar(s, `huella-antes-${++n}`)).headers[CABECERA_PERMISOS];
    const id = await usuario('cliente');
    await sql`insert into usuario_permisos (usuario_id, clave) values (${id}, 'BISVI')`.execute(e.db);
    try {
      const r = await recargar(s, `huella-despues-${n}`);
      expect(r.statusCode).toBe(200);
      const leida = await sesionDeToken(e.app, s.token);
      expect(r.headers[CABECERA_PERMISOS]).toBe(huellaPermisos(leida.permisos, leida.isMonto));
      expect(r.headers[CABECERA_PERMISOS]).not.toBe(antes);
    } finally {
      await sql`delete from usuario_permisos where usuario_id = ${id} and clave = 'BISVI'`.execute(e.db);
    }
  });

  it('a repeated key on a session from memory answers the first top-up', async () => {
    const s = await enMemoria('cliente');
    const cuerpo = { dn: dnNuevo(), compania: 'T' };
    const otra = () => pedir(e.app, s, 'POST', '/checkOut', cuerpo, { clave: 'repetida' });
    const [a, b] = [await otra(), await otra()];
    expect(a.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    expect(await sql`select 1 from recargas where dn = ${cuerpo.dn}`.execute(e.db)).toMatchObject({
      rows: [{}],
    });
  });
});

describe("the write's check of a session", () => {
  it('writes only for a live session with the versions the rules were applied with', async () => {
    const s = await enMemoria('portas');
    const leida = await sesionDeToken(e.app, s.token);
    const version = (
      await e.db.selectFrom('empresas').select('version').where('id', '=', demo).executeTakeFirstOrThrow()
    ).version;
    const proveedor = await proveedorDemo(e.db);
    const escribir = async (
      clave: string,
      cambio: Partial<{ version_usuario: number; version_empresa: number }>,
    ) => {
      const sesion = {
        sid: leida.sid,
        version_usuario: leida.versionUsuario,
        version_empresa: version,
        ...cambio,
      };
      const fila = { ...porNumeroDemo(proveedor, clave, dnNuevo()), usuario_id: leida.usuarioId, sesion };
      return (await escritura.insertarYContar(e.db, fila, 'America/Mexico_City', 1_000_000))?.id;
    };
    expect(await escribir('v-usuario', { version_usuario: leida.versionUsuario - 1 })).toBeUndefined();
    expect(await escribir('v-empresa', { version_empresa: version - 1 })).toBeUndefined();
    expect(await escribir('v-iguales', {})).toBeTypeOf('number');
  });

  it("a user's version follows the row, its permissions and its route whitelist", async () => {
    const id = await usuario('cliente');
    const version = async () =>
      (await e.db.selectFrom('usuarios').select('version').where('id', '=', id).executeTakeFirstOrThrow())
        .version;
    const { cambia, igual } = await vigilarVersion(e.db, version);
    await cambia(sql`update usuarios set nombre = nombre || '.' where id = ${id}`);
    await cambia(sql`insert into usuario_permisos (usuario_id, clave) values (${id}, 'BISVI')`);
    await cambia(sql`delete from usuario_permisos where usuario_id = ${id} and clave = 'BISVI'`);
    await cambia(sql`insert into usuario_rutas (usuario_id, ruta, orden) values (${id}, '/in/recargas', 1)`);
    await cambia(sql`delete from usuario_rutas where usuario_id = ${id}`);
    // An update that changes nothing leaves it.
    await sql`update usuarios set nombre = nombre where id = ${id}`.execute(e.db);
    await igual();
  });
});
