import { sql } from 'kysely';
import { type Db, sentencia } from '../../db/database.ts';
import { enLotes, porBase } from '../../db/lotes.ts';

export const crearSesion = (
  db: Db,
  s: {
    id: string;
    usuarioId: number;
    empresaId: number;
    empresaTrabajoId: number | null;
    secretoHash: string;
    expira: Date;
    ip: string;
  },
) =>
  db
    .insertInto('sesiones')
    .values({
      id: s.id,
      usuario_id: s.usuarioId,
      empresa_id: s.empresaId,
      empresa_trabajo_id: s.empresaTrabajoId,
      secreto_hash: s.secretoHash,
      expira: s.expira,
      ip: s.ip,
    })
    .execute();

/** A session's row with what every request needs to be authorised (and a top-up to be written). */
export interface SesionActiva {
  sid: string;
  usuario_id: number;
  /** The user's own company (the token names it). */
  empresa_id: number;
  /** The company the session works in: the user's own, or the one a root switched to. */
  empresa_trabajo_id: number;
  empresa: string;
  version: number;
  username: string;
  nombre: string;
  nivel: number;
  lider_id: number | null;
  cliente_id: number | null;
  max_recargas: number;
  is_monto: boolean;
  /** The user's version (0044): a session taken from memory is checked against it at its write. */
  version_usuario: number;
  permisos: string[];
  /** The user's route whitelist (screen routes); empty: no restriction. */
  rutas: string[];
}

const sesionesActivas = sentencia<SesionActiva>(`select s.id as sid, s.usuario_id, s.empresa_id,
    e.id as empresa_trabajo_id, e.codigo as empresa, e.version, u.username, u.nombre, u.nivel, u.lider_id, u.cliente_id, u.max_recargas,
    u.is_monto, u.version as version_usuario, (select coalesce(json_agg(p.clave order by p.clave), '[]'::json)
      from usuario_permisos p where p.usuario_id = u.id) as permisos,
    (select coalesce(json_agg(r.ruta order by r.orden, r.ruta), '[]'::json)
      from usuario_rutas r where r.usuario_id = u.id) as rutas
  from sesiones s
  join usuarios u on u.id = s.usuario_id and u.empresa_id = s.empresa_id
  join empresas e on e.id = coalesce(s.empresa_trabajo_id, s.empresa_id)
  where s.id = any($1::uuid[]) and s.revocada is null and s.expira > now() and u.eliminado is null`);

/**
 * The live session `sid` of user `usuarioId` in company `empresaId`: read on every request, so a
 * logout, a deletion or a permission change takes effect at once (a top-up by number takes it
 * from memory, and its write checks it: auth/service.ts `leidas`). The sessions asked for while
 * others are being read are read together, in one indexed lookup (db/lotes.ts).
 */
export const sesionActiva = porBase((db: Db) =>
  enLotes(async (pedidas: { sid: string; usuarioId: number; empresaId: number }[]) => {
    const filas = await sesionesActivas(db, [pedidas.map((p) => p.sid)]);
    return pedidas.map((p) =>
      filas.find((f) => f.sid === p.sid && f.usuario_id === p.usuarioId && f.empresa_id === p.empresaId),
    );
  }),
);

export const revocar = (db: Db, sid: string, empresaId: number) =>
  db
    .updateTable('sesiones')
    .set({ revocada: new Date() })
    .where('id', '=', sid)
    .where('empresa_id', '=', empresaId)
    .execute();

/** A throttling key as the login finds it: failures counted and seconds left of its wait (0: none). */
export interface Intentos {
  clave: string;
  fallos: number;
  segundos: number;
}

/** The keys among `claves` that have a row (one indexed read per login attempt). */
export const intentos = (db: Db, claves: string[]) =>
  db
    .selectFrom('intentos_login')
    .select([
      'clave',
      'fallos',
      sql<number>`greatest(coalesce(extract(epoch from bloqueado_hasta - now()), 0), 0)::float8`.as(
        'segundos',
      ),
    ])
    .where('clave', 'in', claves)
    .execute();

/** How one key's failures turn into waits (seconds). */
export interface Escala {
  /** The failure from which each further failure starts a wait. */
  desde: number;
  /** The failure whose wait is `base`; each one after it doubles the wait. */
  duplicaTras: number;
  base: number;
  maximo: number;
  /** Failures are forgotten this long after both the first of them and the end of the last wait. */
  olvido: number;
}

/**
 * Counts one failure for `clave` in one atomic upsert, so concurrent failures all count, and
 * sets its wait: from failure `desde` on, min(base * 2^max(0, fallos - duplicaTras), maximo)
 * from now. Returns the count after this failure.
 */
export async function registrarFallo(db: Db, clave: string, e: Escala): Promise<number> {
  const olvidado = sql`greatest(i.desde, coalesce(i.bloqueado_hasta, i.desde))
    < now() - make_interval(secs => ${e.olvido})`;
  const fallos = sql`(case when ${olvidado} then 1 else i.fallos + 1 end)`;
  const espera = (n: unknown) =>
    sql`now() + make_interval(secs => least(${e.base}::float8
      * power(2, least(greatest(${n} - ${e.duplicaTras}, 0), 40)), ${e.maximo}::float8))`;
  const r = await sql<{ fallos: number }>`
    insert into intentos_login as i (clave, fallos, desde, bloqueado_hasta)
    values (${clave}, 1, now(), case when 1 >= ${e.desde} then ${espera(sql`1`)} end)
    on conflict (clave) do update set
      fallos = ${fallos},
      desde = case when ${olvidado} then now() else i.desde end,
      bloqueado_hasta = case
        when ${fallos} >= ${e.desde} then ${espera(fallos)}
        when ${olvidado} then null
        else i.bloqueado_hasta end
    returning fallos`.execute(db);
  return Number(r.rows[0]?.fallos ?? 1);
}

export const limpiarFallos = (db: Db, clave: string) =>
  db.deleteFrom('intentos_login').where('clave', '=', clave).execute();

/** Clears `clave` unless it is waiting now (an account under attack stays so until it expires). */
export const limpiarSiNoEspera = (db: Db, clave: string) =>
  db
    .deleteFrom('intentos_login')
    .where('clave', '=', clave)
    .where((eb) => eb.or([eb('bloqueado_hasta', 'is', null), eb('bloqueado_hasta', '<=', sql<Date>`now()`)]))
    .execute();

/** Every throttling key of an account: its own and each (account, client) pair. */
export const limpiarCuenta = (db: Db, cuenta: string) =>
  db
    .deleteFrom('intentos_login')
    .where((eb) =>
      eb.or([eb('clave', '=', cuenta), eb('clave', 'like', `${cuenta.replace(/[\\%_]/g, '\\$&')}@%`)]),
    )
    .executeTakeFirst();
