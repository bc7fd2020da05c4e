/**
 * The writes of an API top-up's link (recargas_api) and event (eventos_webhook) that happen on
 * the top-up's own path: the SQL of a CTE of recargas' write and close statements
 * (recargas/repo-escritura.ts), as auditoria gives its insertarDesde, so that path keeps one round
 * trip per statement and these tables are written only here.
 */

/**
 * The event of a link whose company had no live webhook when the top-up was written: none is
 * written (nobody would receive it), and the link is done from the start.
 */
export const SIN_EVENTO = '00000000-0000-0000-0000-000000000000';

/**
 * Links each API top-up just written to its key and reference: `nuevas` names the rows written
 * (id, empresa_id, idempotencia), `entradas` what was asked (empresa_id, idempotencia, llave_id,
 * usuario_id, referencia, orden; llave_id null: not an API top-up). The link of a company without
 * a live webhook is written done (SIN_EVENTO). Returns recarga_id, and `abierto`: its close is to
 * write its event.
 */
export const enlazarDesde = (nuevas: string, entradas: string) => `insert into recargas_api
      (recarga_id, empresa_id, llave_id, usuario_id, referencia, evento_id)
    select distinct on (n.id) n.id, n.empresa_id, e.llave_id, e.usuario_id, e.referencia,
      case when not exists (select from webhooks w where w.empresa_id = n.empresa_id and w.eliminado is null)
        then '${SIN_EVENTO}'::uuid end
    from ${nuevas} n join ${entradas} e on e.empresa_id = n.empresa_id and e.idempotencia = n.idempotencia
    where e.llave_id is not null
    order by n.id, e.orden
    returning recarga_id, evento_id is null as abierto`;

/**
 * The event of each API top-up closed by the statement: `cerradas` names the closed rows (id,
 * empresa_id, e_id, e_tipo, e_datos; e_id null: no event), `ids` filters the link's join so the
 * generic plan probes its index. Written for a link still open (a repeat keeps the first);
 * returns id and recarga_id.
 */
export const eventosDesde = (cerradas: string, ids: string) => `insert into eventos_webhook
      (id, empresa_id, recarga_id, tipo, datos)
    select c.e_id, c.empresa_id, c.id, c.e_tipo, c.e_datos
    from ${cerradas} c join recargas_api x on x.recarga_id = c.id and x.recarga_id = ${ids}
    where c.e_id is not null and x.evento_id is null
    on conflict (recarga_id) do nothing
    returning id, recarga_id`;
