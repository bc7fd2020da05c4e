import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const proveedores = (db: Db, empresaId?: number) => {
  let q = db.selectFrom('proveedores').selectAll().orderBy('empresa_id').orderBy('numero');
  if (empresaId !== undefined) q = q.where('empresa_id', '=', empresaId);
  return q.execute();
};

/** A platform's row and minimum, locked until the transaction ends: a change reads what it replaces. */
export const minimoParaCambiar = (db: Db, empresaId: number, numero: number) =>
  db
    .selectFrom('proveedores')
    .select(['id', 'minimo'])
    .where('empresa_id', '=', empresaId)
    .where('numero', '=', numero)
    .forUpdate()
    .executeTakeFirst();

/** A platform's row and provider, locked likewise (set-provider). */
export const proveedorParaCambiar = (db: Db, empresaId: number, numero: number) =>
  db
    .selectFrom('proveedores')
    .select(['id', 'adaptador', 'cuenta', 'operadores'])
    .where('empresa_id', '=', empresaId)
    .where('numero', '=', numero)
    .forUpdate()
    .executeTakeFirst();

/** Every platform of every company, with the company's code (the start-up warnings). */
export const proveedoresConEmpresa = (db: Db) =>
  db
    .selectFrom('proveedores as p')
    .innerJoin('empresas as e', 'e.id', 'p.empresa_id')
    .select(['p.numero', 'p.adaptador', 'p.cuenta', 'e.codigo as empresa'])
    .orderBy('e.codigo')
    .orderBy('p.numero')
    .execute();

/** The company's cap of top-ups without a user, locked likewise. */
export const maxSinUsuarioParaCambiar = (db: Db, empresaId: number) =>
  db
    .selectFrom('empresas')
    .select('max_recargas_sin_usuario as max')
    .where('id', '=', empresaId)
    .forUpdate()
    .executeTakeFirst();

/** Opens an alert for a bag under its minimum; nothing when one is open already (once per crossing). */
export const abrirAlerta = (
  db: Db,
  a: { empresa_id: number; proveedor_id: number; bolsa: string; saldo: number; minimo: number },
) =>
  db
    .insertInto('alertas_saldo')
    .values(a)
    .onConflict((oc) => oc.columns(['proveedor_id', 'bolsa']).where('cerrada', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();

/** Closes the open alert of a bag that is back at or above its minimum. */
export const cerrarAlerta = (db: Db, proveedorId: number, bolsa: string) =>
  db
    .updateTable('alertas_saldo')
    .set({ cerrada: new Date() })
    .where('proveedor_id', '=', proveedorId)
    .where('bolsa', '=', bolsa)
    .where('cerrada', 'is', null)
    .execute();

export const alertasAbiertas = (db: Db, empresaId: number) =>
  db
    .selectFrom('alertas_saldo as a')
    .innerJoin('proveedores as p', 'p.id', 'a.proveedor_id')
    .select(['a.id', 'a.bolsa', 'a.saldo', 'a.minimo', 'a.creada', 'p.nombre'])
    .where('a.empresa_id', '=', empresaId)
    .where('a.cerrada', 'is', null)
    .orderBy('a.creada', 'desc')
    .execute();

/**
 * A breaker's new state, written only when it differs from the stored one (any process may
 * write it): answers the state before and the time of the change, or undefined when nothing
 * changed, so exactly one writer of a change notifies it. The row starts as 'disponible'.
 */
export const cambiarEstado = async (
  db: Db,
  c: { proveedorId: number; empresaId: number; estado: 'disponible' | 'con-fallas' | 'abierto' },
) => {
  await db
    .insertInto('estados_proveedor')
    .values({ proveedor_id: c.proveedorId, empresa_id: c.empresaId, estado: 'disponible' })
    .onConflict((oc) => oc.column('proveedor_id').doNothing())
    .execute();
  return (
    await sql<{ antes: string; cambiado: Date }>`update estados_proveedor e
      set estado = ${c.estado}, cambiado = now()
      from (select proveedor_id, estado from estados_proveedor where proveedor_id = ${c.proveedorId} for update) v
      where e.proveedor_id = v.proveedor_id and e.estado <> ${c.estado}
      returning v.estado as antes, e.cambiado`.execute(db)
  ).rows[0];
};

/** Each provider account of a company with its breaker's state (none stored: available). */
export const estados = (db: Db, empresaId: number) =>
  db
    .selectFrom('proveedores as p')
    .leftJoin('estados_proveedor as e', 'e.proveedor_id', 'p.id')
    .select(['p.id', 'p.numero', 'p.nombre', 'e.estado', 'e.cambiado'])
    .where('p.empresa_id', '=', empresaId)
    .orderBy('p.numero')
    .execute();
