import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { type Cursor, claveCursor, despuesDe } from '../../lib/cursor.ts';

type Tx = Transaction<DB>;
type Conexion = Db | Tx;

/** The engine's key of a block line's current attempt (also used in SQL below). */
export const claveLinea = (id: number, intento: number) => `b:${id}:${intento}`;
const CLAVE = sql`'b:' || bl.id || ':' || bl.intento`;
/** The top-up row of each line's current attempt. */
const RECARGA = sql`left join recargas r on r.empresa_id = bl.empresa_id and r.idempotencia = ${CLAVE}`;
const ZONA = sql`coalesce(e.ajustes->>'zonaHoraria', 'America/Mexico_City')`;

export interface NuevaLineaBloque {
  icc: string;
  dn: string;
  monto: number | null;
  compania: string;
  nombre: string;
}

/** A new block named by `fecha` ms, moved on by 1 ms while the company already has that name. */
export async function insertarBloque(tx: Tx, empresaId: number, usuarioId: number | null, fecha: number) {
  for (let f = fecha; ; f++) {
    const r = await tx
      .insertInto('bloques')
      .values({ empresa_id: empresaId, subido_por: usuarioId, fecha_numerica: f, creado: new Date(f) })
      .onConflict((oc) => oc.columns(['empresa_id', 'fecha_numerica']).doNothing())
      .returning(['id', 'fecha_numerica'])
      .executeTakeFirst();
    if (r) return r;
  }
}

/** The lines of a new block, in chunks (PostgreSQL takes at most 65,535 parameters). */
export async function insertarLineas(tx: Tx, empresaId: number, bloqueId: number, filas: NuevaLineaBloque[]) {
  for (let i = 0; i < filas.length; i += 5000) {
    await tx
      .insertInto('bloque_lineas')
      .values(filas.slice(i, i + 5000).map((f) => ({ ...f, empresa_id: empresaId, bloque_id: bloqueId })))
      .execute();
  }
}

export interface ResumenBloque {
  id: number;
  fecha: string;
  fecha_numerica: number;
  lineas: number;
  recargadas: number;
  monto: number;
  en_curso: number;
  /** Lines without an outcome yet: queued, open, or never tried (the finished-block event). */
  sin_decidir: number;
  /** Lines a press of 'Recargar bloque' would queue now (as encolarLineas picks them), and their amount. */
  por_enviar: number;
  monto_por_enviar: number;
}

/** A line free to queue: not queued, and its attempt never sent or failed. */
const LIBRE = sql`not coalesce(bl.en_cola_hasta > now(), false) and (r.id is null or r.estado = 'fallida')`;

/**
 * Blocks of a company with their counts, newest first: one block (`fecha`), or a keyset page
 * (`limite` blocks after `cursor`), the blocks chosen before their lines are counted.
 */
export async function resumenes(
  db: Conexion,
  empresaId: number,
  cual: { fecha: number } | { cursor?: Cursor; limite: number },
) {
  const donde =
    'fecha' in cual
      ? sql`and b.fecha_numerica = ${cual.fecha}`
      : cual.cursor
        ? sql`and ${despuesDe('b.creado', 'b.id', cual.cursor)}`
        : sql``;
  const r = await sql<ResumenBloque & { k: string }>`select b.id, b.fecha_numerica,
        to_char(b.creado at time zone ${ZONA}, 'YYYY/MM/DD HH24:MI:SS') as fecha, ${claveCursor('b.creado')} as k,
        count(bl.id)::int as lineas,
        (count(*) filter (where r.estado = 'exitosa'))::int as recargadas,
        coalesce(sum(bl.monto), 0)::int as monto,
        (count(*) filter (where bl.en_cola_hasta > now() or r.estado in ('pendiente', 'enviada')))::int as en_curso,
        (count(*) filter (where bl.en_cola_hasta > now() or r.estado in ('pendiente', 'enviada')
          or (r.id is null and bl.mensaje is null)))::int as sin_decidir,
        (count(*) filter (where ${LIBRE}))::int as por_enviar,
        coalesce(sum(bl.monto) filter (where ${LIBRE}), 0)::int as monto_por_enviar
      from (select * from bloques b where b.empresa_id = ${empresaId} ${donde}
        order by b.creado desc, b.id desc ${'limite' in cual ? sql`limit ${cual.limite}` : sql``}) b
      join empresas e on e.id = b.empresa_id
      join bloque_lineas bl on bl.bloque_id = b.id
      ${RECARGA}
      group by b.id, b.fecha_numerica, b.creado, e.ajustes
      order by b.creado desc, b.id desc`.execute(db);
  return r.rows;
}

export async function contarBloques(db: Conexion, empresaId: number) {
  const f = await db
    .selectFrom('bloques')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('empresa_id', '=', empresaId)
    .executeTakeFirstOrThrow();
  return Number(f.n);
}

export const bloquePorFecha = (db: Conexion, empresaId: number, fecha: number) =>
  db
    .selectFrom('bloques')
    .select(['id', 'fecha_numerica'])
    .where((eb) => eb.and({ empresa_id: empresaId, fecha_numerica: fecha }))
    .executeTakeFirst();

export interface VistaLinea {
  id: number;
  bloque_id: number;
  icc: string;
  dn: string;
  monto: number | null;
  compania: string;
  nombre: string;
  intento: number;
  mensaje: string | null;
  fecha: string;
  estado: 'pendiente' | 'enviada' | 'exitosa' | 'fallida' | null;
  mensaje_recarga: string | null;
  en_cola: boolean;
}

const vista = (db: Conexion, empresaId: number, filtro: ReturnType<typeof sql>) =>
  sql<VistaLinea>`select bl.id, bl.bloque_id, bl.icc, bl.dn, bl.monto, bl.compania, bl.nombre, bl.intento, bl.mensaje,
        to_char(coalesce(r.terminada, r.creada, b.creado) at time zone ${ZONA}, 'YYYY/MM/DD HH24:MI:SS') as fecha,
        r.estado, r.mensaje as mensaje_recarga, coalesce(bl.en_cola_hasta > now(), false) as en_cola
      from bloque_lineas bl
      join bloques b on b.id = bl.bloque_id
      join empresas e on e.id = bl.empresa_id
      ${RECARGA}
      where bl.empresa_id = ${empresaId} and ${filtro}
      order by bl.id`.execute(db);

/** The lines of a block, in upload order. */
export const lineasDe = async (db: Conexion, empresaId: number, bloqueId: number) =>
  (await vista(db, empresaId, sql`bl.bloque_id = ${bloqueId}`)).rows;

export const lineaPorId = async (db: Conexion, empresaId: number, id: number) =>
  (await vista(db, empresaId, sql`bl.id = ${id}`)).rows[0];

export interface EstadoLinea {
  id: number;
  intento: number;
  estado: VistaLinea['estado'];
  en_cola: boolean;
  cancelada: boolean;
}

/**
 * The lines of a block (or one line) with their current attempt's state, locked until the
 * transaction ends: two presses at once queue each line once.
 */
export async function paraRecargar(tx: Tx, empresaId: number, filtro: { bloqueId: number } | { id: number }) {
  const donde = 'id' in filtro ? sql`bl.id = ${filtro.id}` : sql`bl.bloque_id = ${filtro.bloqueId}`;
  const r = await sql<EstadoLinea>`select bl.id, bl.intento, r.estado,
        coalesce(bl.en_cola_hasta > now(), false) as en_cola, false as cancelada
      from bloque_lineas bl ${RECARGA}
      where bl.empresa_id = ${empresaId} and ${donde}
      order by bl.id
      for update of bl`.execute(tx);
  return r.rows;
}

export interface Encolada {
  id: number;
  intento: number;
  trabajo: string;
  para: Date | null;
}

/** Marks lines queued (attempt, job id, and for a programme its time) until `hasta` at the latest. */
export async function encolar(tx: Tx, filas: Encolada[], programacionId: number | null, margenSeg: number) {
  for (let i = 0; i < filas.length; i += 5000) {
    const parte = filas.slice(i, i + 5000);
    await sql`update bloque_lineas as bl
        set intento = v.intento, trabajo_id = v.trabajo, mensaje = null,
          programacion_id = ${programacionId}::int, programada_para = v.para,
          en_cola_hasta = coalesce(v.para, now()) + make_interval(secs => ${margenSeg}::int)
        from (select unnest(${parte.map((f) => f.id)}::bigint[]) as id,
                     unnest(${parte.map((f) => f.intento)}::int[]) as intento,
                     unnest(${parte.map((f) => f.trabajo)}::uuid[]) as trabajo,
                     unnest(${parte.map((f) => f.para?.toISOString() ?? null)}::timestamptz[]) as para) v
        where bl.id = v.id`.execute(tx);
  }
}

/** A line's attempt, its block, and for a job whether its programme was cancelled. */
export const paraTrabajo = (db: Conexion, empresaId: number, id: number) =>
  db
    .selectFrom('bloque_lineas as bl')
    .innerJoin('bloques as b', 'b.id', 'bl.bloque_id')
    .leftJoin('programaciones as p', 'p.id', 'bl.programacion_id')
    .select([
      'bl.id',
      'bl.icc',
      'bl.dn',
      'bl.monto',
      'bl.compania',
      'bl.intento',
      'p.cancelada',
      'b.fecha_numerica',
    ])
    .where('bl.empresa_id', '=', empresaId)
    .where('bl.id', '=', id)
    .executeTakeFirst();

/** A line's job has run (or its attempt moved on): no longer queued; the refusal, if any, kept. */
export const terminar = (db: Conexion, id: number, intento: number, mensaje: string | null) =>
  db
    .updateTable('bloque_lineas')
    .set({ en_cola_hasta: null, mensaje })
    .where('id', '=', id)
    .where('intento', '=', intento)
    .execute();

/** Moves a line to its next attempt (after a failed one); false when another caller did. */
export const siguienteIntento = async (tx: Tx, id: number, intento: number) =>
  (
    await tx
      .updateTable('bloque_lineas')
      .set({ intento: intento + 1, mensaje: null })
      .where('id', '=', id)
      .where('intento', '=', intento)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

// --- Programmes ------------------------------------------------------------------------

/** A local date and time of the company's zone as an instant (PostgreSQL does the zone rules). */
export async function instanteLocal(
  db: Conexion,
  empresaId: number,
  p: { anio: number; mes: number; dia: number; hora: number; min: number },
) {
  const r = await sql<{ t: Date }>`select (make_timestamp(${p.anio}::int, ${p.mes}::int, ${p.dia}::int,
        ${p.hora}::int, ${p.min}::int, 0) at time zone ${ZONA}) as t
      from empresas e where e.id = ${empresaId}`.execute(db);
  return r.rows[0]?.t;
}

export const crearProgramacion = (
  tx: Tx,
  f: { empresa_id: number; bloque_id: number; usuario_id: number; inicio: Date; fin: Date; lineas: number },
) => tx.insertInto('programaciones').values(f).returning('id').executeTakeFirstOrThrow();

export interface VistaProgramacion {
  id: number;
  fecha: string;
  fecha_numerica: number;
  inicio: string;
  fin: string;
  lineas: number;
  pendientes: number;
  monto_pendiente: number;
}

/** Programmes not cancelled with lines still waiting for their time, newest first. */
export async function programaciones(db: Conexion, empresaId: number, id?: number) {
  const r = await sql<VistaProgramacion>`select p.id, b.fecha_numerica, p.lineas,
        to_char(b.creado at time zone ${ZONA}, 'YYYY/MM/DD HH24:MI:SS') as fecha,
        to_char(p.inicio at time zone ${ZONA}, 'YYYY/MM/DD HH24:MI') as inicio,
        to_char(p.fin at time zone ${ZONA}, 'YYYY/MM/DD HH24:MI') as fin,
        (select count(*) from bloque_lineas bl where bl.programacion_id = p.id and bl.en_cola_hasta > now())::int as pendientes,
        (select coalesce(sum(bl.monto), 0) from bloque_lineas bl
          where bl.programacion_id = p.id and bl.en_cola_hasta > now())::int as monto_pendiente
      from programaciones p
      join bloques b on b.id = p.bloque_id
      join empresas e on e.id = p.empresa_id
      where p.empresa_id = ${empresaId} and p.cancelada is null
        ${id === undefined ? sql`` : sql`and p.id = ${id}`}
      order by p.id desc`.execute(db);
  return id === undefined ? r.rows.filter((p) => p.pendientes > 0) : r.rows;
}

/** Cancels a live programme; answers the jobs of its lines that had not run (and frees those lines). */
export async function cancelar(tx: Tx, empresaId: number, id: number) {
  const p = await tx
    .updateTable('programaciones')
    .set({ cancelada: new Date() })
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .where('cancelada', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!p) return undefined;
  const r = await sql<{ trabajo_id: string | null }>`update bloque_lineas bl
      set en_cola_hasta = null, programada_para = null
      where bl.empresa_id = ${empresaId} and bl.programacion_id = ${id} and bl.en_cola_hasta > now()
        and not exists (select 1 from recargas r where r.empresa_id = bl.empresa_id and r.idempotencia = ${CLAVE})
      returning bl.trabajo_id`.execute(tx);
  return r.rows.flatMap((f) => (f.trabajo_id ? [f.trabajo_id] : []));
}

/** The block of a top-up made for a block line (its key is claveLinea), if it was one. */
export async function lineaDeRecarga(db: Conexion, recargaId: number) {
  const r = await db
    .selectFrom('recargas')
    .select('idempotencia')
    .where('id', '=', recargaId)
    .executeTakeFirst();
  const lineaId = /^b:(\d+):\d+$/.exec(r?.idempotencia ?? '')?.[1];
  if (lineaId === undefined) return undefined;
  return db
    .selectFrom('bloque_lineas as bl')
    .innerJoin('bloques as b', 'b.id', 'bl.bloque_id')
    .select(['bl.empresa_id', 'b.fecha_numerica'])
    .where('bl.id', '=', Number(lineaId))
    .executeTakeFirst();
}
