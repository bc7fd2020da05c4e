import { sql } from 'kysely';
import { type Db, preparada } from '../../db/database.ts';

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

/**
 * The live session `sid` of user `usuarioId` in company `empresaId`, with what every request
 * needs to be authorised: one indexed lookup per request, so a logout, a deletion or a
 * permission change takes effect at once.
 */
export const sesionActiva = (db: Db, sid: string, usuarioId: number, empresaId: number) =>
  db
    .selectFrom('sesiones as s')
    .innerJoin('usuarios as u', 'u.id', 's.usuario_id')
    .innerJoin('empresas as e', 'e.id', 'u.empresa_id')
    .select([
      's.id as sid',
      's.secreto_hash',
      'u.id',
      'u.empresa_id',
      'e.codigo as empresa',
      'u.username',
      'u.nombre',
      'u.nivel',
      'u.lider_id',
      'u.cliente_id',
      sql<string[]>`(select coalesce(json_agg(p.clave order by p.clave), '[]'::json)
        from usuario_permisos p where p.usuario_id = u.id)`.as('permisos'),
    ])
    .where('s.id', '=', sid)
    .where('s.usuario_id', '=', usuarioId)
    .where('s.empresa_id', '=', empresaId)
    .where('u.empresa_id', '=', empresaId)
    .where('s.revocada', 'is', null)
    .where('s.expira', '>', new Date())
    .where('u.eliminado', 'is', null)
    .modifyEnd(preparada)
    .executeTakeFirst();

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
