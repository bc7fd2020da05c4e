import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * Undoing an upload's deletion (subidas/tramos.ts) puts lines back with their ids; the rows of
 * `tabla` that pointed at them, set to null by the deletion, point at them again. `borradas` is
 * the lines' snapshot (lineas instantanea): each line with the ids of its `_<tabla>` rows. Only
 * lines that came back (`vueltas`), and rows nobody linked meanwhile. Called by the module that
 * owns `tabla`.
 */
export const reenlazarLineas = (
  tx: Transaction<DB>,
  tabla: 'recargas' | 'reciclajes',
  borradas: string,
  vueltas: number[],
) =>
  sql`update ${sql.table(tabla)} t set linea_id = (e->>'id')::bigint
    from jsonb_array_elements(${borradas}::jsonb) e, jsonb_array_elements_text(e->${`_${tabla}`}) x
    where t.id = x::bigint and t.linea_id is null and (e->>'id')::bigint = any(${vueltas}::bigint[])`.execute(
    tx,
  );
