import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The company's two platforms (providers), by number. */
export const plataformas = (db: Db, empresaId: number) =>
  db
    .selectFrom('proveedores')
    .select(['id', 'numero', 'nombre'])
    .where('empresa_id', '=', empresaId)
    .orderBy('numero')
    .execute();

/** Platform users of a company with their platform, oldest first. */
export const usuarios = (db: Db, empresaId: number) =>
  db
    .selectFrom('plataformas_empresa as pe')
    .innerJoin('proveedores as p', 'p.id', 'pe.proveedor_id')
    .select(['pe.id', 'pe.username', 'pe.canal', 'p.numero', 'p.nombre'])
    .where('pe.empresa_id', '=', empresaId)
    .orderBy('pe.id')
    .execute();

/** A new platform user; undefined when that username exists already on that platform. */
export const insertarUsuario = (
  db: Db,
  f: { empresa_id: number; proveedor_id: number; username: string; canal: string },
) =>
  db
    .insertInto('plataformas_empresa')
    .values(f)
    .onConflict((oc) => oc.expression(sql`empresa_id, proveedor_id, lower(username)`).doNothing())
    .returning('id')
    .executeTakeFirst();

export const usuarioPorId = (db: Db, empresaId: number, id: number) =>
  db
    .selectFrom('plataformas_empresa')
    .select(['id', 'username', 'proveedor_id'])
    .where('empresa_id', '=', empresaId)
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * The platform user of each carrier that has one in `tabla`: the chosen one
 * (plataformas_carrier) or the second (plataformas_respaldo, 0027); both tables have the same columns.
 */
const elegidosEn = (db: Db, tabla: 'plataformas_carrier' | 'plataformas_respaldo', empresaId: number) =>
  db
    .selectFrom(`${tabla} as pc` as 'plataformas_carrier as pc')
    .innerJoin('plataformas_empresa as pe', 'pe.id', 'pc.plataforma_empresa_id')
    .innerJoin('proveedores as p', 'p.id', 'pe.proveedor_id')
    .select(['pc.carrier', 'pe.id', 'pe.username', 'pe.proveedor_id', 'p.numero', 'p.nombre'])
    .where('pc.empresa_id', '=', empresaId)
    .execute();

/** The chosen platform user of each carrier that has one. */
export const elegidos = (db: Db, empresaId: number) => elegidosEn(db, 'plataformas_carrier', empresaId);

/** The second platform user of each carrier that has one (0027). */
export const respaldos = (db: Db, empresaId: number) => elegidosEn(db, 'plataformas_respaldo', empresaId);

export const elegir = (db: Db, empresaId: number, carrier: string, plataformaEmpresaId: number) =>
  db
    .insertInto('plataformas_carrier')
    .values({ empresa_id: empresaId, carrier, plataforma_empresa_id: plataformaEmpresaId })
    .onConflict((oc) =>
      oc.columns(['empresa_id', 'carrier']).doUpdateSet({
        plataforma_empresa_id: plataformaEmpresaId,
        actualizado: new Date(),
      }),
    )
    .execute();

export const volverAlPredeterminado = (db: Db, empresaId: number, carrier: string) =>
  db
    .deleteFrom('plataformas_carrier')
    .where('empresa_id', '=', empresaId)
    .where('carrier', '=', carrier)
    .execute();

export const comentarios = (db: Db, empresaId: number) =>
  db
    .selectFrom('comentarios_carrier')
    .select(['carrier', 'comentario'])
    .where('empresa_id', '=', empresaId)
    .execute();

/** Writes every carrier's comment in one statement (an empty one is kept as empty). */
export const guardarComentarios = (
  db: Db,
  empresaId: number,
  filas: { carrier: string; comentario: string }[],
) =>
  db
    .insertInto('comentarios_carrier')
    .values(filas.map((f) => ({ empresa_id: empresaId, ...f })))
    .onConflict((oc) =>
      oc.columns(['empresa_id', 'carrier']).doUpdateSet((eb) => ({
        comentario: eb.ref('excluded.comentario'),
        actualizado: new Date(),
      })),
    )
    .execute();

/** Sets (or with null removes) the second platform user of a carrier. */
export const elegirRespaldo = (db: Db, empresaId: number, carrier: string, id: number | null) =>
  id === null
    ? db
        .deleteFrom('plataformas_respaldo')
        .where('empresa_id', '=', empresaId)
        .where('carrier', '=', carrier)
        .execute()
    : db
        .insertInto('plataformas_respaldo')
        .values({ empresa_id: empresaId, carrier, plataforma_empresa_id: id })
        .onConflict((oc) =>
          oc
            .columns(['empresa_id', 'carrier'])
            .doUpdateSet({ plataforma_empresa_id: id, actualizado: new Date() }),
        )
        .execute();
