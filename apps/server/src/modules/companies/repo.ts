import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EmpresasTable } from '../../db/schema.ts';

export const porCodigo = (db: Db, codigo: string) =>
  db.selectFrom('empresas').selectAll().where('codigo', '=', codigo).executeTakeFirst();

export const porId = (db: Db, id: number) =>
  db.selectFrom('empresas').selectAll().where('id', '=', id).executeTakeFirst();

/** The company whose longest host fragment is contained in the host name. */
export const porHost = (db: Db, host: string) =>
  db
    .selectFrom('empresa_hosts as h')
    .innerJoin('empresas as e', 'e.id', 'h.empresa_id')
    .selectAll('e')
    .where((eb) => eb(eb.fn('strpos', [eb.val(host), eb.ref('h.fragmento')]), '>', 0))
    .orderBy((eb) => eb.fn('length', [eb.ref('h.fragmento')]), 'desc')
    .limit(1)
    .executeTakeFirst();

/** Platform 1 and 2 of every company: its accounts at Recargatodo and Pagaqui. */
export const PLATAFORMAS = [
  { numero: 1, codigo: 'recargatodo', nombre: 'Recargatodo' },
  { numero: 2, codigo: 'pagaqui', nombre: 'Pagaqui' },
] as const;

export function insertar(db: Db, e: Insertable<EmpresasTable>, hosts: readonly string[]): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const { id } = await tx.insertInto('empresas').values(e).returning('id').executeTakeFirstOrThrow();
    if (hosts.length) {
      await tx
        .insertInto('empresa_hosts')
        .values(hosts.map((fragmento) => ({ fragmento, empresa_id: id })))
        .execute();
    }
    await tx
      .insertInto('proveedores')
      .values(PLATAFORMAS.map((p) => ({ ...p, empresa_id: id })))
      .execute();
    return id;
  });
}
