import { type Kysely, sql } from 'kysely';

/**
 * Reconciliation with the provider's daily statement (issue 22): one row per company, provider
 * and day (a new comparison of the day replaces the old one), and its mismatches. Written by
 * the conciliaciones module in one transaction: a day is either whole or as it was.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('conciliaciones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .addColumn('proveedor_id', 'integer', (c) => c.notNull().references('proveedores.id').onDelete('cascade'))
    .addColumn('dia', 'date', (c) => c.notNull())
    .addColumn('origen', 'text', (c) => c.notNull().check(sql`origen in ('proveedor', 'archivo')`))
    .addColumn('nuestras', 'integer', (c) => c.notNull())
    .addColumn('suyas', 'integer', (c) => c.notNull())
    .addColumn('total_nuestro', 'bigint', (c) => c.notNull())
    .addColumn('total_suyo', 'bigint', (c) => c.notNull())
    .addColumn('falta_nuestra', 'integer', (c) => c.notNull())
    .addColumn('falta_suya', 'integer', (c) => c.notNull())
    .addColumn('monto', 'integer', (c) => c.notNull())
    .addColumn('estado', 'integer', (c) => c.notNull())
    .addColumn('asentadas', 'integer', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('conciliaciones_dia_uq', ['empresa_id', 'proveedor_id', 'dia'])
    .execute();
  // The screen's list: a company's days, newest first.
  await db.schema
    .createIndex('conciliaciones_empresa_dia')
    .on('conciliaciones')
    .columns(['empresa_id', 'dia desc', 'id desc'])
    .execute();
  await db.schema
    .createTable('conciliacion_diferencias')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('conciliacion_id', 'integer', (c) =>
      c.notNull().references('conciliaciones.id').onDelete('cascade'),
    )
    .addColumn('tipo', 'text', (c) =>
      c.notNull().check(sql`tipo in ('faltaNuestra', 'faltaSuya', 'monto', 'estado')`),
    )
    .addColumn('recarga_id', 'integer')
    .addColumn('folio', 'text', (c) => c.notNull())
    .addColumn('dn', 'text', (c) => c.notNull())
    .addColumn('monto_nuestro', 'integer')
    .addColumn('monto_suyo', 'integer')
    .addColumn('estado_nuestro', 'text')
    .addColumn('estado_suyo', 'text')
    .addColumn('hora', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('conciliacion_diferencias_dia')
    .on('conciliacion_diferencias')
    .columns(['conciliacion_id', 'id'])
    .execute();
}
