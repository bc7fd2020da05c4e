import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { LineaAntes } from '../lineas/service.ts';

type Tx = Transaction<DB>;

/**
 * One `reciclajes` row per line a decision changed, with what the line had before (recycling
 * clears it), in the decision's transaction. Answers how many.
 */
export async function registrar(
  tx: Tx,
  empresaId: number,
  usuarioId: number,
  accion: 'reciclar' | 'olvidar',
  lineas: LineaAntes[],
) {
  if (lineas.length === 0) return 0;
  // One statement whatever the count (Reciclar Todas): the lines travel as one JSON array.
  await sql`insert into reciclajes (empresa_id, linea_id, icc, dn, accion, lider_id, cliente_id, fecha_vigencia, fecha_recarga, usuario_id)
    select ${empresaId}, id, icc, dn, ${accion}, lider_id, cliente_id, fecha_vigencia, fecha_recarga, ${usuarioId}
    from jsonb_to_recordset(${JSON.stringify(lineas)}::jsonb) as x(
      id bigint, icc text, dn text, lider_id integer, cliente_id integer, fecha_vigencia date, fecha_recarga timestamptz)`.execute(
    tx,
  );
  return lineas.length;
}
