import { TIPO_EXTERNA } from '@recargas/contracts/recargas';
import { type Insertable, type SqlBool, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ConciliacionDiferenciasTable, ConciliacionesTable, DB } from '../../db/schema.ts';
import { finSql, inicioSql, type Rango } from '../../lib/fechas.ts';

/** A company's provider of platform `numero` (1 or 2). */
export const proveedor = (db: Db, empresaId: number, numero: number) =>
  db
    .selectFrom('proveedores')
    .selectAll()
    .where('empresa_id', '=', empresaId)
    .where('numero', '=', numero)
    .executeTakeFirst();

/** Every provider row, with its company's settings (the nightly job's round). */
export const proveedoresConEmpresa = (db: Db) =>
  db
    .selectFrom('proveedores as p')
    .innerJoin('empresas as e', 'e.id', 'p.empresa_id')
    .selectAll('p')
    .select('e.ajustes')
    .orderBy('p.id')
    .execute();

/**
 * Our top-ups of a day sent to a provider (external ones are only recorded, never sent): what
 * the statement is matched with. The day runs from midnight to midnight of the company's zone
 * (issue 41), by the (empresa_id, creada) index.
 */
export const recargasDelDia = (db: Db, empresaId: number, proveedorId: number, dia: Rango) =>
  db
    .selectFrom('recargas')
    .select(['id', 'folio', 'dn', 'icc', 'monto', 'estado', 'creada'])
    .where('empresa_id', '=', empresaId)
    .where(sql<SqlBool>`creada >= ${inicioSql(dia)} and creada < ${finSql(dia)}`)
    .where('proveedor_id', '=', proveedorId)
    .where('tipo_recarga', '<>', TIPO_EXTERNA)
    .orderBy('id')
    .execute();

export type NuevaConciliacion = Omit<Insertable<ConciliacionesTable>, 'id' | 'creada'>;
export type NuevaDiferencia = Omit<Insertable<ConciliacionDiferenciasTable>, 'id' | 'conciliacion_id'>;

const LOTE = 500;

/** Writes a day's comparison, replacing the previous one of that day: in the caller's transaction. */
export async function guardar(tx: Transaction<DB>, c: NuevaConciliacion, diferencias: NuevaDiferencia[]) {
  const fila = await tx
    .insertInto('conciliaciones')
    .values(c)
    .onConflict((oc) =>
      oc.columns(['empresa_id', 'proveedor_id', 'dia']).doUpdateSet((eb) => ({
        origen: eb.ref('excluded.origen'),
        nuestras: eb.ref('excluded.nuestras'),
        suyas: eb.ref('excluded.suyas'),
        total_nuestro: eb.ref('excluded.total_nuestro'),
        total_suyo: eb.ref('excluded.total_suyo'),
        falta_nuestra: eb.ref('excluded.falta_nuestra'),
        falta_suya: eb.ref('excluded.falta_suya'),
        monto: eb.ref('excluded.monto'),
        estado: eb.ref('excluded.estado'),
        asentadas: eb.ref('excluded.asentadas'),
        creada: new Date(),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.deleteFrom('conciliacion_diferencias').where('conciliacion_id', '=', fila.id).execute();
  for (let i = 0; i < diferencias.length; i += LOTE) {
    await tx
      .insertInto('conciliacion_diferencias')
      .values(diferencias.slice(i, i + LOTE).map((d) => ({ ...d, conciliacion_id: fila.id })))
      .execute();
  }
  return fila.id;
}

const resumen = (db: Db) =>
  db
    .selectFrom('conciliaciones as c')
    .innerJoin('proveedores as p', 'p.id', 'c.proveedor_id')
    .selectAll('c')
    .select(['p.numero', 'p.nombre', sql<string>`c.total_nuestro - c.total_suyo`.as('diferencia')]);

export type FilaResumen = Awaited<ReturnType<typeof porId>> & {};

/** One day of the company, or undefined (another company's id too). */
export const porId = (db: Db, empresaId: number, id: number) =>
  resumen(db).where('c.id', '=', id).where('c.empresa_id', '=', empresaId).executeTakeFirst();

/** A page of the company's days, newest first, after the (dia, id) of the last one received. */
export const dias = (
  db: Db,
  empresaId: number,
  despues: { dia: string; id: number } | undefined,
  n: number,
) => {
  let q = resumen(db).where('c.empresa_id', '=', empresaId);
  if (despues)
    q = q.where((eb) =>
      eb.or([
        eb('c.dia', '<', despues.dia),
        eb.and([eb('c.dia', '=', despues.dia), eb('c.id', '<', despues.id)]),
      ]),
    );
  return q.orderBy('c.dia', 'desc').orderBy('c.id', 'desc').limit(n).execute();
};

export const contarDias = async (db: Db, empresaId: number) =>
  Number(
    (
      await db
        .selectFrom('conciliaciones')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('empresa_id', '=', empresaId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A page of a day's mismatches by id (the day is already known to be the caller's). */
export const diferencias = (db: Db, conciliacionId: number, despues: number | undefined, n: number) => {
  let q = db.selectFrom('conciliacion_diferencias').selectAll().where('conciliacion_id', '=', conciliacionId);
  if (despues !== undefined) q = q.where('id', '>', despues);
  return q.orderBy('id').limit(n).execute();
};
