import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The SQL of uploads on port-outs (uploads/portabilidades.ts, action 6), one chunk at a time. */
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
  const existentes = new Set(
    (
      await tx
        .selectFrom('portabilidades')
        .select('icc')
        .where('empresa_id', '=', empresaId)
        .where(
          'icc',
          'in',
          filas.map((f) => f.icc),
        )
        .execute()
    ).map((f) => f.icc),
  );
  const nuevas = filas.filter((f) => !existentes.has(f.icc));
  if (nuevas.length === 0) return [];
  return tx.insertInto('portabilidades').values(nuevas).returning(['id', 'icc']).execute();
}

/** Undoes one chunk of an upload (uploads/tramos.ts): the rows it inserted (ids as a JSON array). */
export async function deshacerNuevas(tx: Tx, empresaId: number, insertadas: string) {
  await sql`delete from portabilidades
    where empresa_id = ${empresaId}
      and id in (select jsonb_array_elements_text(${insertadas}::jsonb)::bigint)`.execute(tx);
}
