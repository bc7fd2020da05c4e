import type { Transaction } from 'kysely';
import { type Db, sentencia } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Recarga } from '../recargas/service.ts';
import { SIN_EVENTO } from './repo-enlaces.ts';

/**
 * The statements of an API top-up's link and event, on the top-up path: prepared, named columns
 * (a `*` would change a prepared plan's result type when a migration adds one), and every join
 * also filtered by `= any($n)` so the generic plan (database.ts) probes indexes, never scans.
 */

/** What the API shows of a top-up (eventos.ts recargaV1). */
export type FilaV1 = Pick<
  Recarga,
  | 'id'
  | 'empresa_id'
  | 'estado'
  | 'mensaje'
  | 'folio'
  | 'folio_externo'
  | 'dn'
  | 'icc'
  | 'compania'
  | 'monto'
  | 'creada'
  | 'falla'
>;
/** An API top-up that needs its event: its row and the reference of its link. */
export type SinEvento = FilaV1 & { referencia_api: string | null };
const FILA_V1 =
  'r.id, r.empresa_id, r.estado, r.mensaje, r.folio, r.folio_externo, r.dn, r.icc, r.compania, r.monto, r.creada, r.falla';

const DECIDIDAS = `select ${FILA_V1}, a.referencia as referencia_api
  from recargas_api a join recargas r on r.id = a.recarga_id and r.empresa_id = a.empresa_id
  where a.evento_id is null and r.estado in ('exitosa', 'fallida')`;
const sinEventoEntre = sentencia<SinEvento>(
  `${DECIDIDAS} and a.recarga_id = any($1::bigint[]) and r.id = any($1::bigint[])`,
);
const sinEventoDespues = sentencia<SinEvento>(
  `${DECIDIDAS} and a.recarga_id > $1 order by a.recarga_id limit $2`,
);

/** API top-ups decided and still without an event: among `ids`, or the next page after `despues` (the sweep). */
export const sinEvento = (db: Db, q: { ids: readonly number[] } | { despues: number; limite: number }) =>
  'ids' in q
    ? q.ids.length === 0
      ? Promise.resolve([])
      : sinEventoEntre(db, [q.ids])
    : sinEventoDespues(db, [q.despues, q.limite]);

const guardarVarios = sentencia<{ id: string; recarga_id: number }>(`with entrada as (
    select t.*, exists (select from webhooks w where w.empresa_id = t.empresa_id and w.eliminado is null)
      as con_webhook
    from unnest($1::uuid[], $2::int[], $3::bigint[], $4::text[], $5::jsonb[])
      as t(id, empresa_id, recarga_id, tipo, datos)
  ), nuevos as (
    insert into eventos_webhook (id, empresa_id, recarga_id, tipo, datos)
    select id, empresa_id, recarga_id, tipo, datos from entrada where con_webhook
    on conflict (recarga_id) do nothing
    returning id, recarga_id
  ), eventos as (
    select id, recarga_id from nuevos
    union all
    select id, recarga_id from eventos_webhook where recarga_id = any($3::bigint[])
  ), abiertos as (
    select t.recarga_id, t.con_webhook, e.id
    from entrada t join recargas_api a on a.recarga_id = t.recarga_id
    left join eventos e on e.recarga_id = t.recarga_id
    where a.recarga_id = any($3::bigint[]) and a.evento_id is null
  ), marcados as (
    update recargas_api a set evento_id = coalesce(o.id, '${SIN_EVENTO}'::uuid) from abiertos o
    where a.recarga_id = any($3::bigint[]) and a.recarga_id = o.recarga_id and not o.con_webhook
      and a.evento_id is null
  )
  select id, recarga_id from abiertos where con_webhook`);

/**
 * One statement, no transaction: the events of API top-ups, by the rule their top-up's write
 * follows (recargas/repo-escritura.ts): a company without a live webhook gets none, its link is
 * marked done (SIN_EVENTO, or the event an earlier webhook left). The others' events (a repeat
 * keeps the first) are answered and stay unmarked until `entregarEventos` has queued their
 * deliveries, so an event whose jobs were lost with the process is found again by the sweep.
 */
export const guardarEventos = (
  db: Db,
  eventos: { id: string; empresa_id: number; recarga_id: number; tipo: string; datos: string }[],
) => {
  const col = <K extends keyof (typeof eventos)[number]>(k: K) => eventos.map((e) => e[k]);
  return guardarVarios(db, [col('id'), col('empresa_id'), col('recarga_id'), col('tipo'), col('datos')]);
};

const entregarVarios = sentencia<{ id: number }>(`with marcados as (
    update recargas_api a set evento_id = t.id
    from unnest($1::uuid[], $2::bigint[]) as t(id, recarga_id)
    where a.recarga_id = any($2::bigint[]) and a.recarga_id = t.recarga_id and a.evento_id is null
  )
  insert into entregas_webhook (empresa_id, evento_id, webhook_id)
  select ev.empresa_id, ev.id, w.id from eventos_webhook ev
  join webhooks w on w.empresa_id = ev.empresa_id and w.eliminado is null
  where ev.id = any($1::uuid[])
  on conflict (evento_id, webhook_id) do nothing
  returning id`);

/**
 * The deliveries of events `guardarEventos` left open (one per live webhook of the event's
 * company) and their top-ups marked done, in the caller's transaction with the deliveries'
 * jobs; answers the new deliveries.
 */
export const entregarEventos = (tx: Transaction<DB>, eventos: { id: string; recarga_id: number }[]) =>
  entregarVarios(tx, [eventos.map((e) => e.id), eventos.map((e) => e.recarga_id)]);
