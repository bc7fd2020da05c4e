import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The SQL of uploads on port-outs (subida.ts, action 6), one chunk at a time. */
type Tx = Transaction<DB>;

/** A port-out row as an upload (action 6) creates it. */
export interface PortaNueva {
  empresa_id: number;
  icc: string;
  lider_nombre: string | null;
  cliente_nombre: string | null;
  inter: string | null;
  dn_origen: string | null;
  carrier_origen: string | null;
  nip: string | null;
  monto_recarga: number | null;
  usuario_id: number;
}

/**
 * New port-out rows; an ICC the company already has a row for is left out (answers the ICCs
 * inserted). The company's uploads take turns (transaction lock), so two at once cannot both
 * insert one ICC.
 */
export async function insertarNuevas(tx: Tx, empresaId: number, filas: PortaNueva[]) {
  await sql`select pg_advisory_xact_lock(hashtext('portabilidades'), ${empresaId}::int)`.execute(tx);
  // One ICC at a time through (empresa_id, icc), not an IN list nor a plain join: a generic plan
  // (PostgreSQL, database.ts) or stale statistics checked every port-out row of the company
  // against the whole list (100,000-row upload on PostgreSQL: 144 s); see lineas/repo-subidas.ts.
  const existentes = new Set(
    (
      await sql<{ icc: string }>`select p.icc from unnest(${filas.map((f) => f.icc)}::text[]) as x(icc)
        cross join lateral (
          select icc from portabilidades p where p.empresa_id = ${empresaId} and p.icc = x.icc limit 1
        ) p`.execute(tx)
    ).rows.map((f) => f.icc),
  );
  const nuevas = filas.filter((f) => !existentes.has(f.icc));
  if (nuevas.length === 0) return [];
  return tx.insertInto('portabilidades').values(nuevas).returning(['id', 'icc']).execute();
}

/** Undoes one chunk of an upload (subidas/tramos.ts): the rows it inserted (ids as a JSON array). */
export async function deshacerNuevas(tx: Tx, empresaId: number, insertadas: string) {
  await sql`delete from portabilidades
    where empresa_id = ${empresaId}
      and id in (select jsonb_array_elements_text(${insertadas}::jsonb)::bigint)`.execute(tx);
}
