import { type Kysely, sql } from 'kysely';

/**
 * Failover between platforms (issue 22). `plataformas_respaldo`: the second platform user of a
 * carrier, tried when the first certainly did not take a top-up (its order: after the choice of
 * `plataformas_carrier`, or after the default platform 1 when there is none). `estados_proveedor`:
 * each provider account's circuit breaker as last changed by any process, with the time of the
 * change, for the balances screen and for notifying an open or a close once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plataformas_respaldo')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('carrier', 'text', (c) => c.notNull().check(sql`carrier in ('T', 'M', 'U', 'A', 'V', 'B')`))
    .addColumn('plataforma_empresa_id', 'integer', (c) => c.notNull())
    .addColumn('actualizado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('plataformas_respaldo_pk', ['empresa_id', 'carrier'])
    // As for plataformas_carrier: a carrier of one company cannot point at another's user.
    .addForeignKeyConstraint(
      'plataformas_respaldo_usuario',
      ['empresa_id', 'plataforma_empresa_id'],
      'plataformas_empresa',
      ['empresa_id', 'id'],
    )
    .execute();
  // A top-up reads the list with its company's version (0014): a change must give a new one.
  await sql`create trigger plataformas_respaldo_version_empresa after insert or update or delete
    on plataformas_respaldo for each row execute function empresas_version_de_fila()`.execute(db);

  await db.schema
    .createTable('estados_proveedor')
    .addColumn('proveedor_id', 'integer', (c) => c.primaryKey().references('proveedores.id'))
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('estado', 'text', (c) =>
      c.notNull().check(sql`estado in ('disponible', 'con-fallas', 'abierto')`),
    )
    .addColumn('cambiado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
