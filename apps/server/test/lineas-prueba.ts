import type { Insertable } from 'kysely';
import type { LineasTable } from '../src/db/schema.ts';
import type { Entorno } from './entorno.ts';

let n = 0;
/** A line written straight into the inventory: a fresh ICC (prefix `serie`), a Telcel number. */
export async function nuevaLinea(
  e: Entorno,
  serie: string,
  valores: Omit<Insertable<LineasTable>, 'icc' | 'dn' | 'compania'> & Partial<Insertable<LineasTable>>,
) {
  n++;
  return e.db
    .insertInto('lineas')
    .values({
      icc: `${serie}${String(100_000_000_000 + n).slice(-12)}`,
      dn: `33${String(10_000_000 + n).slice(-8)}`,
      compania: 'T',
      ...valores,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
