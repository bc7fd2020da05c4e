import { sql } from 'kysely';
import { type Db, sentencia } from '../../db/database.ts';
import { enLotes, porBase } from '../../db/lotes.ts';

export const crearSesion = (
  db: Db,
  s: { id: string; usuarioId: number; empresaId: number; secretoHash: string; expira: Date; ip: string },
) =>
  db
    .insertInto('sesiones')
    .values({
      id: s.id,
      usuario_id: s.usuarioId,
      empresa_id: s.empresaId,
      secreto_hash: s.secretoHash,
      expira: s.expira,
      ip: s.ip,
    })
    .execute();

/** A session's row with what every request needs to be authorised (and a top-up to be written). */
export interface SesionActiva {
  sid: string;
  usuario_id: number;
  empresa_id: number;
  empresa: string;
  version: number;
  username: string;
  nombre: string;
  nivel: number;
  lider_id: number | null;
  cliente_id: number | null;
  max_recargas: number;
  is_monto: boolean;
  permisos: string[];
  /** The user's route whitelist (screen routes); empty: no restriction. */
  rutas: string[];
}

const sesionesActivas = sentencia<SesionActiva>(`select s.id as sid, s.usuario_id, s.empresa_id,
    e.codigo as empresa, e.version, u.username, u.nombre, u.nivel, u.lider_id, u.cliente_id, u.max_recargas,
    u.is_monto, (select coalesce(json_agg(p.clave order by p.clave), '[]'::json)
      from usuario_permisos p where p.usuario_id = u.id) as permisos,
    (select coalesce(json_agg(r.ruta order by r.orden, r.ruta), '[]'::json)
      from usuario_rutas r where r.usuario_id = u.id) as rutas
  from sesiones s
  join usuarios u on u.id = s.usuario_id and u.empresa_id = s.empresa_id
  join empresas e on e.id = s.empresa_id
  where s.id = any($1::uuid[]) and s.revocada is null and s.expira > now() and u.eliminado is null`);

/**
 * The live session `sid` of user `usuarioId` in company `empresaId`: read on every request, so a
 * logout, a deletion or a permission change takes effect at once. The sessions asked for while
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

/** Seconds left of the longest lock among `claves`, or 0. */
export async function segundosBloqueado(db: Db, claves: string[]): Promise<number> {
  const r = await db
    .selectFrom('intentos_login')
    .select(sql<number>`coalesce(max(extract(epoch from bloqueado_hasta - now())), 0)::float8`.as('s'))
    .where('clave', 'in', claves)
    .where('bloqueado_hasta', '>', new Date())
    .executeTakeFirst();
  return Math.ceil(Number(r?.s ?? 0));
}

/**
 * Counts one failure for `clave` in a window of `ventana` seconds, in one atomic upsert so
 * concurrent failures all count; reaching `maximo` locks the key for `bloqueo` seconds.
 */
export const registrarFallo = (db: Db, clave: string, maximo: number, ventana: number, bloqueo: number) =>
  sql`insert into intentos_login as i (clave, fallos, desde) values (${clave}, 1, now())
      on conflict (clave) do update set
        fallos = case when i.desde < now() - make_interval(secs => ${ventana}) then 1 else i.fallos + 1 end,
        desde = case when i.desde < now() - make_interval(secs => ${ventana}) then now() else i.desde end,
        bloqueado_hasta = case
          when i.desde >= now() - make_interval(secs => ${ventana}) and i.fallos + 1 >= ${maximo}
          then now() + make_interval(secs => ${bloqueo}) else i.bloqueado_hasta end`.execute(db);

export const limpiarFallos = (db: Db, clave: string) =>
  db.deleteFrom('intentos_login').where('clave', '=', clave).execute();
