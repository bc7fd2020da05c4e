import type { Transaction } from 'kysely';
import { type Db, sentencia } from '../../db/database.ts';
import { enLotes, porBase } from '../../db/lotes.ts';
import type { DB } from '../../db/schema.ts';
import * as auditoria from '../auditoria/service.ts';
import * as integraciones from '../integraciones/service.ts';
import { COLUMNAS, columnasTexto, type Recarga } from './repo.ts';

/**
 * The statements on a top-up's path: its write (with its API link) and its close (with its
 * API event), each one round trip, batched where the top-up is by number (db/lotes.ts).
 */

type Tx = Transaction<DB>;

/** A top-up's columns read from table or CTE `t`. */
const columnasDe = (t: string) => COLUMNAS.map((c) => `${t}.${c}`).join(', ');

/** The link of an API top-up with no event to come (integraciones/repo-enlaces.ts); its tests read it here. */
export const SIN_EVENTO = integraciones.SIN_EVENTO;

export type NuevaRecarga = Pick<
  Recarga,
  | 'empresa_id'
  | 'usuario_id'
  | 'idempotencia'
  | 'proveedor_id'
  | 'icc'
  | 'dn'
  | 'compania'
  | 'monto'
  | 'tipo'
  | 'tipo_recarga'
  | 'folio_externo'
  | 'lider_id'
  | 'cliente_id'
  | 'estado'
> & {
  /** A row written already decided (an external top-up): its message. */
  mensaje?: string | null;
  linea_id?: number | null;
  plataforma_usuario_id?: number | null;
  huella?: string | null;
  /** The API key that asks it and the caller's reference (integraciones), linked on write. */
  enlace?: { llave_id: number; referencia: string | null };
  /**
   * A session taken from memory (recargas/service.ts `deMemoria`): the row is written only if the
   * session is live, in the row's company, and the user's and company's versions are these.
   */
  sesion?: { sid: string; version_usuario: number; version_empresa: number };
};

/** The constraint that refuses a count past the day's limit. */
export const LIMITE_ALCANZADO = 'conteo_recargas_limite';

/**
 * Writes top-ups and counts them against their day's limits in one statement: past a limit the
 * counter's CHECK fails and the whole statement, rows included, is undone. Each (company, user,
 * day) is counted once with the sum of its rows. A key used before, or twice in the entries,
 * inserts once (ON CONFLICT DO NOTHING); the count is of the rows written. An API top-up is
 * linked to its key in the same statement: no round trip of its own (bench:topups); the link of
 * a company without a live webhook is written done, with no event to come (SIN_EVENTO), and the
 * row says whether its close is to write one (`con_evento`). An entry with a session taken from
 * memory is written only if that session still holds (`vigente`).
 */
const insertarVarias = sentencia<FilaEscrita>(`with entrada as (
    select * from unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[], $7::text[],
      $8::int[], $9::text[], $10::int2[], $11::text[], $12::int[], $13::int[], $14::text[], $15::text[],
      $16::bigint[], $17::int[], $18::int[], $19::text[], $20::int[], $21::text[], $22::text[], $23::uuid[],
      $24::bigint[], $25::bigint[])
      with ordinality as e(empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
        tipo_recarga, folio_externo, lider_id, cliente_id, estado, zona, linea_id, plataforma_usuario_id, limite,
        huella, llave_id, referencia, mensaje, sid, version_usuario, version_empresa, orden)
  ), vigente as (
    select * from entrada e where e.sid is null or exists (select from sesiones s
      join usuarios u on u.id = s.usuario_id and u.empresa_id = s.empresa_id
      join empresas em on em.id = e.empresa_id
      where s.id = e.sid and coalesce(s.empresa_trabajo_id, s.empresa_id) = e.empresa_id
        and s.usuario_id = e.usuario_id and s.revocada is null and s.expira > now() and u.eliminado is null
        and u.version = e.version_usuario and em.version = e.version_empresa)
  ), nueva as (
    insert into recargas (empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
      tipo_recarga, folio_externo, lider_id, cliente_id, estado, enviada, dia, linea_id, plataforma_usuario_id,
      huella, mensaje)
    select empresa_id, usuario_id, idempotencia, proveedor_id, icc, dn, compania, monto, tipo,
      tipo_recarga, folio_externo, lider_id, cliente_id, estado, case when estado = 'pendiente' then now() end,
      (now() at time zone zona)::date, linea_id, plataforma_usuario_id, huella, mensaje
    from vigente order by orden
    on conflict (empresa_id, idempotencia) do nothing
    returning ${columnasTexto}
  ), cuenta as (
    insert into conteo_recargas as c (empresa_id, usuario_id, dia, n, limite)
    select k.empresa_id, k.usuario_id, k.dia, k.n, l.limite
    from (select empresa_id, coalesce(usuario_id, 0) as usuario_id, dia, count(*)::int as n
          from nueva group by 1, 2, 3) k
    join (select empresa_id, coalesce(usuario_id, 0) as usuario_id, max(limite) as limite
          from entrada group by 1, 2) l using (empresa_id, usuario_id)
    on conflict (empresa_id, usuario_id, dia) do update set n = c.n + excluded.n, limite = excluded.limite
  ), enlaces as (
    ${integraciones.enlazarDesde('nueva', 'entrada')}
  )
  select ${columnasDe('n')}, coalesce(en.abierto, false) as con_evento
  from nueva n left join enlaces en on en.recarga_id = n.id`);

/** A top-up written; `con_evento`: an API top-up whose close writes its webhook event. */
export type FilaEscrita = Recarga & { con_evento: boolean };

/** A top-up to write: the row, the day's zone and the caller's limit. */
export interface Escritura {
  fila: NuevaRecarga;
  zona: string;
  limite: number;
}

/** One top-up written and counted (insertarVarias); undefined when its key was used before. */
export const insertarYContar = async (db: Db | Tx, fila: NuevaRecarga, zona: string, limite: number) =>
  (await insertarVarias(db, columnas([{ fila, zona, limite }])))[0];
/** What became of one: the row written, undefined when its key was used before, or the error. */
export type Escrita = { fila: FilaEscrita | undefined } | { error: unknown };

/**
 * Writes top-ups by number in batches (db/lotes.ts): one statement and one commit for every
 * request that came while the last ones were being written. If the batch fails (a limit reached
 * by one of them, anything else), nothing of it was written and each entry is written alone, so
 * only its own error reaches each caller.
 */
export const escribir = porBase((db: Db) =>
  enLotes(async (entradas: Escritura[]): Promise<Escrita[]> => {
    if (entradas.length > 1) {
      try {
        const filas = await insertarVarias(db, columnas(entradas));
        const porClave = new Map(filas.map((f) => [`${f.empresa_id}:${f.idempotencia}`, f]));
        return entradas.map(({ fila }) => {
          const clave = `${fila.empresa_id}:${fila.idempotencia}`;
          const escrita = porClave.get(clave);
          porClave.delete(clave); // a key twice in the batch: the first caller sends it, the other answers
          return { fila: escrita };
        });
      } catch {}
    }
    return Promise.all(
      entradas.map(({ fila, zona, limite }) =>
        insertarYContar(db, fila, zona, limite).then(
          (f) => ({ fila: f }),
          (error: unknown) => ({ error }),
        ),
      ),
    );
  }),
);

/** The entries as the batch statement's arrays, one per column. */
const columnas = (entradas: Escritura[]) => {
  const de = <T>(f: (e: Escritura) => T) => entradas.map(f);
  return [
    de((e) => e.fila.empresa_id),
    de((e) => e.fila.usuario_id),
    de((e) => e.fila.idempotencia),
    de((e) => e.fila.proveedor_id),
    de((e) => e.fila.icc),
    de((e) => e.fila.dn),
    de((e) => e.fila.compania),
    de((e) => e.fila.monto),
    de((e) => e.fila.tipo),
    de((e) => e.fila.tipo_recarga),
    de((e) => e.fila.folio_externo),
    de((e) => e.fila.lider_id),
    de((e) => e.fila.cliente_id),
    de((e) => e.fila.estado),
    de((e) => e.zona),
    de((e) => e.fila.linea_id ?? null),
    de((e) => e.fila.plataforma_usuario_id ?? null),
    de((e) => e.limite),
    de((e) => e.fila.huella ?? null),
    de((e) => e.fila.enlace?.llave_id ?? null),
    de((e) => e.fila.enlace?.referencia ?? null),
    de((e) => e.fila.mensaje ?? null),
    de((e) => e.fila.sesion?.sid ?? null),
    de((e) => e.fila.sesion?.version_usuario ?? null),
    de((e) => e.fila.sesion?.version_empresa ?? null),
  ];
};

/** Who closes a top-up, and the state it leaves, for its trail row (issue 22). */
export interface Rastro {
  antes: string;
  quien: auditoria.Actor;
}

/** The webhook event of an API top-up's close (integraciones/eventos.ts eventoDe). */
export interface Evento {
  id: string;
  tipo: string;
  datos: string;
}

/**
 * A closed row; `evento_abierto`: its event, written and left for `entregarEventos` to queue
 * its deliveries (its company has a live webhook).
 */
export type Cerrada = Recarga & { evento_abierto: string | null };

/**
 * The trail row and the API event of each top-up closed by CTE `c` (its UPDATE returns the row,
 * a_* and e_* columns): recorded by the closing statement itself, so a close costs no round trip
 * more. The event is written for a link still open (its company has a live webhook; a repeat
 * keeps the first) and answered, for `entregarEventos` to queue its deliveries; `ids` filters the
 * link's join so the generic plan probes its index.
 */
const alCerrar = (ids: string) => `, a as (${auditoria.insertarDesde(`(select c.empresa_id,
    c.a_usuario_id as usuario_id, c.a_usuario as usuario, c.a_ip as ip, 'recarga' as tipo, 'recargas' as tabla,
    c.id::text as fila, jsonb_build_object('estado', c.a_antes) as antes,
    case when c.estado = 'exitosa' then jsonb_build_object('estado', c.estado, 'folio', c.folio)
      else jsonb_build_object('estado', c.estado, 'mensaje', c.mensaje) end as despues
    from c)`)}
  ), ev as (
    ${integraciones.eventosDesde('c', ids)}
  )
  select ${columnasDe('c')}, ev.id as evento_abierto
  from c left join ev on ev.recarga_id = c.id`;

const devueltas = columnasDe('r');

/**
 * A close commits without waiting for its WAL to reach the disk (asynchronous commit, for this
 * statement's transaction alone): its outcome came from the provider and is found again there.
 * If PostgreSQL itself crashed in the next fraction of a second, the row would be open again, and
 * the sweep's reconciliation would ask the provider and close it the same way (with its trail row
 * and event). The write before the send stays durable: that is what makes it exactly once. The
 * wait for the disk was a third of a top-up's time at 50 connections (issue 42: about 4 ms a
 * commit on the bench machine, which a close's batch paid before any top-up in it could answer).
 */
const SIN_ESPERAR_DISCO = "set_config('synchronous_commit', 'off', true) = 'off'";

const cerrarUna = sentencia<Cerrada>(`with c as (
    update recargas r set estado = $2::text,
      folio = case when $2::text = 'exitosa' then $3::text else r.folio end,
      mensaje = coalesce($4::text, r.mensaje),
      falla = case when $2::text = 'fallida' then $12::text else r.falla end,
      terminada = now()
    where r.id = $1 and r.estado in ('pendiente', 'enviada') and ${SIN_ESPERAR_DISCO}
    returning ${devueltas}, $5::text as a_antes, $6::int as a_usuario_id, $7::text as a_usuario,
      $8::text as a_ip, $9::uuid as e_id, $10::text as e_tipo, $11::jsonb as e_datos
  )${alCerrar('$1')}`);

/**
 * Closes an open row, with its trail row and its API event (`evento`, built from the row as the
 * close leaves it); the guard keeps a decided row from being decided again (undefined).
 */
export const cerrar = async (
  db: Db | Tx,
  fila: Pick<Recarga, 'id' | 'estado'>,
  cambios: {
    estado: 'exitosa' | 'fallida';
    folio?: string | null;
    mensaje?: string | null;
    falla?: string | null;
  },
  q: auditoria.Actor,
  evento?: Evento,
) =>
  (
    await cerrarUna(db as Db, [
      fila.id,
      cambios.estado,
      cambios.folio ?? null,
      cambios.mensaje ?? null,
      fila.estado,
      q.usuarioId,
      q.usuario,
      q.ip,
      evento?.id ?? null,
      evento?.tipo ?? null,
      evento?.datos ?? null,
      cambios.falla ?? null,
    ])
  )[0];

const cerrarExitosas = sentencia<Cerrada>(`with c as (
    update recargas r set estado = 'exitosa', folio = v.folio, mensaje = coalesce(v.mensaje, r.mensaje),
      terminada = now()
    from unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::text[], $6::text[], $7::uuid[],
      $8::text[], $9::jsonb[], $10::text[])
      as v(id, folio, antes, usuario_id, usuario, ip, e_id, e_tipo, e_datos, mensaje)
    where r.id = any($1::bigint[]) and r.id = v.id and r.estado in ('pendiente', 'enviada')
      and ${SIN_ESPERAR_DISCO}
    returning ${devueltas}, v.antes as a_antes, v.usuario_id as a_usuario_id, v.usuario as a_usuario,
      v.ip as a_ip, v.e_id, v.e_tipo, v.e_datos
  )${alCerrar('any($1::bigint[])')}`);

/**
 * Closes successful top-ups by number (no line to mark) in batches, like `escribir`, each with
 * its trail row and API event in the same statement; the guard keeps a decided row as it is
 * (undefined).
 */
export const cerrarExitosa = porBase((db: Db) =>
  enLotes(
    async (
      cierres: { id: number; folio: string | null; mensaje: string; rastro: Rastro; evento?: Evento }[],
    ) => {
      const de = <T>(f: (c: (typeof cierres)[number]) => T) => cierres.map(f);
      const filas = await cerrarExitosas(db, [
        de((c) => c.id),
        de((c) => c.folio),
        de((c) => c.rastro.antes),
        de((c) => c.rastro.quien.usuarioId),
        de((c) => c.rastro.quien.usuario),
        de((c) => c.rastro.quien.ip),
        de((c) => c.evento?.id ?? null),
        de((c) => c.evento?.tipo ?? null),
        de((c) => c.evento?.datos ?? null),
        de((c) => c.mensaje),
      ]);
      const porId = new Map(filas.map((f) => [f.id, f]));
      return cierres.map((c) => porId.get(c.id));
    },
  ),
);
