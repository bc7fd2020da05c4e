import { sql } from 'kysely';
import { type Db, sentencia } from '../../db/database.ts';
import { enLotes, porBase } from '../../db/lotes.ts';
import { type Cursor, claveCursor, despuesDe } from '../../lib/cursor.ts';

/** A key as a `/v1` call finds it: the key and its user as a session would read them. */
export interface LlaveActiva {
  id: number;
  prefijo: string;
  secreto_hash: string;
  ips: string[];
  empresa_id: number;
  usuario_id: number;
  nivel: number;
  lider_id: number | null;
  cliente_id: number | null;
  max_recargas: number;
  is_monto: boolean;
  version: number;
  permisos: string[];
  rutas: string[];
  prueba: boolean;
}

// The keys first (materialized): planned generically (database.ts) on stale statistics, the
// joined form scanned every key of every user of the company per call (13-22 ms with 200 keys,
// bench:topups); this reads the keys by prefix, then their users by id (0.1 ms).
const llavesActivas = sentencia<LlaveActiva>(`with k as materialized (
    select id, prefijo, secreto_hash, ips, empresa_id, usuario_id, prueba from llaves_api
    where prefijo = any($1::text[]) and revocada is null
  )
  select k.id, k.prefijo, k.secreto_hash, k.ips, k.empresa_id, k.prueba,
    k.usuario_id, u.nivel, u.lider_id, u.cliente_id, u.max_recargas, u.is_monto, e.version,
    (select coalesce(json_agg(p.clave order by p.clave), '[]'::json)
      from usuario_permisos p where p.usuario_id = u.id) as permisos,
    (select coalesce(json_agg(r.ruta order by r.orden, r.ruta), '[]'::json)
      from usuario_rutas r where r.usuario_id = u.id) as rutas
  from k
  join usuarios u on u.id = k.usuario_id and u.empresa_id = k.empresa_id
  join empresas e on e.id = k.empresa_id
  where u.eliminado is null`);

/**
 * The live key of `prefijo` (kept briefly by service.ts llaveLeida), batched with the others of
 * the moment like sessions are (db/lotes.ts).
 */
export const llaveActiva = porBase((db: Db) =>
  enLotes(async (prefijos: string[]) => {
    const filas = await llavesActivas(db, [prefijos]);
    return prefijos.map((p) => filas.find((f) => f.prefijo === p));
  }),
);

export const crearLlave = (
  db: Db,
  f: {
    empresa_id: number;
    usuario_id: number;
    nombre: string;
    prefijo: string;
    secreto_hash: string;
    ips: string[];
    prueba: boolean;
  },
) => db.insertInto('llaves_api').values(f).returning('id').executeTakeFirstOrThrow();

export const llaves = (db: Db, empresaId: number) =>
  db
    .selectFrom('llaves_api as k')
    .innerJoin('usuarios as u', 'u.id', 'k.usuario_id')
    .select([
      'k.id',
      'k.nombre',
      'k.prefijo',
      'k.usuario_id',
      'u.username',
      'k.ips',
      'k.creada',
      'k.ultimo_uso',
      'k.revocada',
      'k.prueba',
    ])
    .where('k.empresa_id', '=', empresaId)
    .orderBy('k.id', 'desc')
    .execute();

export const revocarLlave = (db: Db, empresaId: number, id: number) =>
  db
    .updateTable('llaves_api')
    .set({ revocada: new Date() })
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .where('revocada', 'is', null)
    .returning('nombre')
    .executeTakeFirst();

/** Last use of keys, batched: a server's first minute marks every key it sees at once. */
export const marcarUso = porBase((db: Db) =>
  enLotes(async (ids: number[]) => {
    await sql`update llaves_api set ultimo_uso = now() where id = any(${[...new Set(ids)]}::int[])`.execute(
      db,
    );
    return ids.map(() => undefined);
  }),
);

export const enlaces = (db: Db, empresaId: number, ids: readonly number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('recargas_api')
        .select(['recarga_id', 'referencia'])
        .where('empresa_id', '=', empresaId)
        .where('recarga_id', 'in', ids)
        .execute();

/** The key user's top-ups with this reference, newest first. */
export const porReferencia = (db: Db, empresaId: number, usuarioId: number, referencia: string) =>
  db
    .selectFrom('recargas_api')
    .select('recarga_id')
    .where('empresa_id', '=', empresaId)
    .where('usuario_id', '=', usuarioId)
    .where('referencia', '=', referencia)
    .orderBy('recarga_id', 'desc')
    .limit(100)
    .execute();

/** A keyset page of the key user's top-ups: `estados` and [desde, hasta) optional. */
export interface PaginaV1 {
  empresaId: number;
  usuarioId: number;
  desde?: Date | undefined;
  hasta?: Date | undefined;
  estados?: readonly ('pendiente' | 'enviada' | 'exitosa' | 'fallida')[] | undefined;
  cursor?: Cursor | undefined;
  /** Rows to read: the page and one more (lib/cursor.ts paginaDe). */
  n: number;
}

/** Read by index recargas_usuario_creada (usuario_id, creada desc, id desc), newest first. */
export function paginaV1(db: Db, p: PaginaV1) {
  let q = db
    .selectFrom('recargas as r')
    .select([
      'r.id',
      'r.empresa_id',
      'r.usuario_id',
      'r.estado',
      'r.mensaje',
      'r.folio',
      'r.folio_externo',
      'r.dn',
      'r.icc',
      'r.compania',
      'r.monto',
      'r.creada',
      'r.falla',
      claveCursor('r.creada').as('k'),
    ])
    .where('r.usuario_id', '=', p.usuarioId)
    .where('r.empresa_id', '=', p.empresaId);
  if (p.desde) q = q.where('r.creada', '>=', p.desde);
  if (p.hasta) q = q.where('r.creada', '<', p.hasta);
  if (p.estados) q = q.where('r.estado', 'in', [...p.estados]);
  if (p.cursor) q = q.where(despuesDe('r.creada', 'r.id', p.cursor));
  return q.orderBy('r.creada', 'desc').orderBy('r.id', 'desc').limit(p.n).execute();
}

/**
 * The company's latest successful top-up of a number (its carrier then), by two of its 6-digit
 * pieces on index recargas_dn_subcadenas as the sales report finds numbers (reportes/repo.ts).
 */
export const ultimaExitosa = (db: Db, empresaId: number, dn: string) =>
  db
    .selectFrom('recargas as r')
    .select(['r.compania', 'r.creada'])
    .where(sql<boolean>`subcadenas(r.dn, 6) @> array[${dn.slice(0, 6)}, ${dn.slice(-6)}]::text[]`)
    .where('r.dn', '=', dn)
    .where('r.empresa_id', '=', empresaId)
    .where('r.estado', '=', 'exitosa')
    .orderBy('r.creada', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The company's inventory line of a number (index lineas_empresa_dn). */
export const lineaDe = (db: Db, empresaId: number, dn: string) =>
  db
    .selectFrom('lineas')
    .select(['compania', 'fecha_actualizacion'])
    .where('empresa_id', '=', empresaId)
    .where('dn', '=', dn)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A top-up's failure code (a POST answer built without it). */
export const fallaDe = (db: Db, empresaId: number, id: number) =>
  db
    .selectFrom('recargas')
    .select(['estado', 'falla'])
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .executeTakeFirst();

export const crearWebhook = (db: Db, f: { empresa_id: number; url: string; secreto: string }) =>
  db.insertInto('webhooks').values(f).returning('id').executeTakeFirstOrThrow();

export const webhooks = (db: Db, empresaId: number) =>
  db
    .selectFrom('webhooks')
    .select(['id', 'url', 'creado'])
    .where('empresa_id', '=', empresaId)
    .where('eliminado', 'is', null)
    .orderBy('id')
    .execute();

export const eliminarWebhook = (db: Db, empresaId: number, id: number) =>
  db
    .updateTable('webhooks')
    .set({ eliminado: new Date() })
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .where('eliminado', 'is', null)
    .returning('url')
    .executeTakeFirst();

/** Deliveries with their webhook (w) and event (ev): the screen's list and a delivery job read them. */
const entregasConEvento = (db: Db) =>
  db
    .selectFrom('entregas_webhook as d')
    .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .innerJoin('eventos_webhook as ev', 'ev.id', 'd.evento_id');

/** The company's latest deliveries (the screen's list). */
export const entregas = (db: Db, empresaId: number, limite: number) =>
  entregasConEvento(db)
    .select([
      'd.id',
      'd.webhook_id',
      'w.url',
      'd.evento_id',
      'ev.tipo',
      'd.estado',
      'd.intentos',
      'd.ultimo_status',
      'd.ultimo_error',
      'd.creada',
    ])
    .where('d.empresa_id', '=', empresaId)
    .orderBy('d.id', 'desc')
    .limit(limite)
    .execute();

/** What a delivery job needs: the delivery, its event and its webhook. */
export const entregaParaEnviar = (db: Db, id: number) =>
  entregasConEvento(db)
    .select([
      'd.id',
      'd.estado',
      'd.intentos',
      'd.creada',
      'w.url',
      'w.secreto',
      'w.eliminado',
      'ev.id as evento_id',
      'ev.tipo',
      'ev.creado',
      'ev.datos',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();

/** Records one attempt and what it left the delivery as, together. */
export const registrarIntento = (
  db: Db,
  entregaId: number,
  r: {
    status: number | null;
    error: string | null;
    ms: number;
    estado: 'pendiente' | 'entregada' | 'fallida';
  },
) =>
  db.transaction().execute(async (tx) => {
    const d = await tx
      .updateTable('entregas_webhook')
      .set((eb) => ({
        intentos: eb('intentos', '+', 1),
        ultimo_status: r.status,
        ultimo_error: r.error,
        estado: sql`case when estado = 'entregada' then estado else ${r.estado} end`,
      }))
      .where('id', '=', entregaId)
      .returning('intentos')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('intentos_webhook')
      .values({ entrega_id: entregaId, numero: d.intentos, status: r.status, error: r.error, ms: r.ms })
      .execute();
  });

/** A delivery of the company put back to pending, for a resend; undefined: not the company's. */
export const reabrirEntrega = (db: Db, empresaId: number, id: number) =>
  db
    .updateTable('entregas_webhook')
    .set({ estado: 'pendiente' })
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
