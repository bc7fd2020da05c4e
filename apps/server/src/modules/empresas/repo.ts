import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { EmpresasTable } from '../../db/schema.ts';
import type { Adaptador } from '../../providers/registro.ts';

export const porCodigo = (db: Db, codigo: string) =>
  db.selectFrom('empresas').selectAll().where('codigo', '=', codigo).executeTakeFirst();

export const porId = (db: Db, id: number) =>
  db.selectFrom('empresas').selectAll().where('id', '=', id).executeTakeFirst();

/** Every company by code and name (the root's company selector). */
export const todas = (db: Db) =>
  db.selectFrom('empresas').select(['codigo', 'nombre']).orderBy('nombre').orderBy('codigo').execute();

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

/**
 * Inserts a company with its hosts and platforms (their provider: `adaptador`), inside the
 * caller's transaction when given one.
 */
export function insertar(
  db: Db,
  e: Insertable<EmpresasTable>,
  hosts: readonly string[],
  adaptador: Adaptador,
): Promise<number> {
  const en = async (tx: Db) => {
    const { id } = await tx.insertInto('empresas').values(e).returning('id').executeTakeFirstOrThrow();
    if (hosts.length) {
      await tx
        .insertInto('empresa_hosts')
        .values(hosts.map((fragmento) => ({ fragmento, empresa_id: id })))
        .execute();
    }
    await tx
      .insertInto('proveedores')
      .values(PLATAFORMAS.map((p) => ({ ...p, empresa_id: id, adaptador })))
      .execute();
    return id;
  };
  return db.isTransaction ? en(db) : db.transaction().execute(en);
}

/** A platform's minimum balance (the balances' screen, saldos). */
export const guardarMinimo = (db: Db, empresaId: number, numero: number, minimo: number) =>
  db
    .updateTable('proveedores')
    .set({ minimo })
    .where('empresa_id', '=', empresaId)
    .where('numero', '=', numero)
    .execute();

/** A platform's provider (set-provider, saldos/plataformas.ts). */
export const guardarProveedor = (
  db: Db,
  id: number,
  p: { adaptador?: string; cuenta?: string | null; operadores?: string },
) => db.updateTable('proveedores').set(p).where('id', '=', id).execute();

/** The company row locked until the transaction ends: a settings change reads what it replaces. */
export const bloquear = (db: Db, id: number) =>
  db.selectFrom('empresas').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const actualizar = (db: Db, id: number, fila: Updateable<EmpresasTable>) =>
  db.updateTable('empresas').set(fila).where('id', '=', id).execute();

export const guardarLogo = (db: Db, empresaId: number, tipo: string, datos: Buffer) =>
  db
    .insertInto('empresa_logos')
    .values({ empresa_id: empresaId, tipo, datos })
    .onConflict((oc) => oc.column('empresa_id').doUpdateSet({ tipo, datos, actualizado: new Date() }))
    .execute();

export const logo = (db: Db, empresaId: number) =>
  db
    .selectFrom('empresa_logos')
    .select(['tipo', 'datos'])
    .where('empresa_id', '=', empresaId)
    .executeTakeFirst();
