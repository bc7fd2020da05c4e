import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB, EntregasTable } from '../../db/schema.ts';

type Tx = Transaction<DB>;

/** One subscription per browser (endpoint): a repeat moves it to whoever sent it last. */
export const guardarSuscripcion = (
  db: Db,
  s: { empresa_id: number; usuario_id: number; endpoint: string; p256dh: string; auth: string },
) =>
  db
    .insertInto('suscripciones_push')
    .values(s)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        empresa_id: s.empresa_id,
        usuario_id: s.usuario_id,
        p256dh: s.p256dh,
        auth: s.auth,
      }),
    )
    .execute();

export const borrarSuscripcion = (db: Db, endpoint: string) =>
  db.deleteFrom('suscripciones_push').where('endpoint', '=', endpoint).execute();

/** The live users of a company, or only its administrators (who hear of its balances). */
export const usuarios = (db: Db | Tx, empresaId: number, soloAdministradores: boolean) =>
  db
    .selectFrom('usuarios')
    .select('id')
    .where('empresa_id', '=', empresaId)
    .$if(soloAdministradores, (q) => q.where('nivel', '<=', 1))
    .where('eliminado', 'is', null)
    .execute();

export const suscripcionesDe = (db: Db | Tx, empresaId: number, usuarios: number[]) =>
  usuarios.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('suscripciones_push')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('empresa_id', '=', empresaId)
        .where('usuario_id', 'in', usuarios)
        .execute();

export const correosDe = (db: Db | Tx, empresaId: number) =>
  db.selectFrom('correos_notificacion').select('correo').where('empresa_id', '=', empresaId).execute();

/** In-app rows, one per user and key; a key seen before writes nothing. Returns the new ones. */
export const insertarNotificaciones = (
  db: Db | Tx,
  filas: { empresa_id: number; usuario_id: number; clave: string; titulo: string; cuerpo: string }[],
) =>
  filas.length === 0
    ? Promise.resolve([])
    : db
        .insertInto('notificaciones')
        .values(filas)
        .onConflict((oc) => oc.columns(['usuario_id', 'clave']).doNothing())
        .returning('id')
        .execute();

export const insertarEntregas = (
  db: Db | Tx,
  filas: Pick<EntregasTable, 'empresa_id' | 'clave' | 'canal' | 'destino' | 'titulo' | 'cuerpo'>[],
) =>
  filas.length === 0
    ? Promise.resolve([])
    : db
        .insertInto('entregas')
        .values(filas)
        .onConflict((oc) => oc.columns(['empresa_id', 'clave', 'canal', 'destino']).doNothing())
        .returning('id')
        .execute();

/** Takes up to `n` pending deliveries: only one worker gets each. */
export const reclamar = async (db: Db, n: number) =>
  (
    await sql<{
      id: number;
      canal: 'webpush' | 'correo';
      destino: string;
      titulo: string;
      cuerpo: string;
      intentos: number;
    }>`update entregas set estado = 'enviando', intentos = intentos + 1
      where id in (select id from entregas where estado = 'pendiente' order by id limit ${n} for update skip locked)
      returning id, canal, destino, titulo, cuerpo, intentos`.execute(db)
  ).rows;

export const terminar = (
  db: Db,
  id: number,
  estado: 'enviada' | 'fallida' | 'pendiente',
  error: string | null = null,
) =>
  db
    .updateTable('entregas')
    .set({ estado, error, terminada: estado === 'pendiente' ? null : new Date() })
    .where('id', '=', id)
    .execute();

/** Deliveries left 'enviando' by a crash, back to pending after `segundos`. */
export const liberarAtascadas = (db: Db, segundos: number) =>
  sql`update entregas set estado = 'pendiente'
    where estado = 'enviando' and creada < now() - make_interval(secs => ${segundos})`.execute(db);

export const lista = (db: Db, empresaId: number, usuarioId: number, n: number) =>
  db
    .selectFrom('notificaciones')
    .select(['id', 'titulo', 'cuerpo', 'creada', 'leida'])
    .where('empresa_id', '=', empresaId)
    .where('usuario_id', '=', usuarioId)
    .orderBy('id', 'desc')
    .limit(n)
    .execute();

export const sinLeer = async (db: Db, empresaId: number, usuarioId: number) =>
  (
    await db
      .selectFrom('notificaciones')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('empresa_id', '=', empresaId)
      .where('usuario_id', '=', usuarioId)
      .where('leida', 'is', null)
      .executeTakeFirstOrThrow()
  ).n;

export const marcarLeidas = (db: Db, empresaId: number, usuarioId: number) =>
  db
    .updateTable('notificaciones')
    .set({ leida: new Date() })
    .where('empresa_id', '=', empresaId)
    .where('usuario_id', '=', usuarioId)
    .where('leida', 'is', null)
    .execute();

/** The installation's VAPID pair (0036), if made. */
export const clavesVapid = (db: Db) =>
  db.selectFrom('claves_vapid').select(['publica', 'privada']).executeTakeFirst();

/** Keeps this pair unless another process made one first (the caller then reads that one). */
export const proponerClavesVapid = (db: Db, publica: string, privada: string) =>
  db
    .insertInto('claves_vapid')
    .values({ publica, privada })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
