import type { Insertable } from 'kysely';
import type { LineasTable } from '../src/db/schema.ts';
import type { Entorno } from './entorno.ts';

/** The seeded demo company, and the leader and client of its user 'cliente'. */
export async function demoDeCliente(e: Entorno) {
  const demo = (
    await e.db.selectFrom('empresas').select('id').where('codigo', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  const u = await e.db
    .selectFrom('usuarios')
    .select(['lider_id', 'cliente_id'])
    .where('empresa_id', '=', demo)
    .where('username', '=', 'cliente')
    .executeTakeFirstOrThrow();
  return { demo, liderDemo: u.lider_id as number, clienteDemo: u.cliente_id as number };
}

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
