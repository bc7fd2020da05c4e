import type { RawBuilder } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.ts';
import type { NuevaRecarga } from '../src/modules/recargas/repo-escritura.ts';
import { type Entorno, simuladorDe } from './entorno.ts';

/** Helpers the top-up tests share. */

/** The provider row of demo's platform 1. */
export const proveedorDemo = async (db: Db) =>
  (
    await db
      .selectFrom('proveedores')
      .select('id')
      .where('empresa_id', '=', 1)
      .where('numero', '=', 1)
      .executeTakeFirstOrThrow()
  ).id;

/** A pending top-up by number of demo, without a user, as repo-escritura writes it. */
export const porNumeroDemo = (proveedorId: number, idempotencia: string, dn: string): NuevaRecarga => ({
  empresa_id: 1,
  usuario_id: null,
  idempotencia,
  proveedor_id: proveedorId,
  icc: '',
  dn,
  compania: 'T',
  monto: 30,
  tipo: 'todito',
  tipo_recarga: 1,
  folio_externo: null,
  lider_id: null,
  cliente_id: null,
  estado: 'pendiente',
});

/** A top-up's outcome and where it went: the platform's number and the platform user chosen. */
export const recargaYPlataforma = (db: Db, id: number) =>
  db
    .selectFrom('recargas as r')
    .innerJoin('proveedores as p', 'p.id', 'r.proveedor_id')
    .select(['r.estado', 'r.mensaje', 'r.folio', 'r.plataforma_usuario_id', 'p.numero'])
    .where('r.id', '=', id)
    .executeTakeFirstOrThrow();

/** How many top-up rows the database holds. */
export const cuentaRecargas = async (db: Db) =>
  Number(
    (
      await db
        .selectFrom('recargas')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Sends received by both platforms of demo. */
export const enviosDemo = async (e: Entorno) => {
  let total = 0;
  for (const p of [1, 2])
    for (const v of Object.values((await simuladorDe(e, 'demo', p)).registro().recibidos)) total += v;
  return total;
};

/**
 * A `version` kept by triggers (a company's, 0014; a user's, 0044) as changes are made: `cambia`
 * runs one and checks that the version rose with it; `igual` checks it has not moved since.
 */
export async function vigilarVersion(db: Db, version: () => Promise<number>) {
  let v = await version();
  return {
    cambia: async (q: RawBuilder<unknown>) => {
      await q.execute(db);
      const nueva = await version();
      expect(nueva).toBeGreaterThan(v);
      v = nueva;
    },
    igual: async () => expect(await version()).toBe(v),
  };
}
