import type { Kysely } from 'kysely';

/**
 * Day totals of top-ups for reports and charts (issue 7). A day is summed once, when a query
 * first needs it and only once it can no longer change (it ended over a day ago and none of its
 * top-ups is still open); later days are read from recargas. Keyed by the company's time zone,
 * which decides where a day begins. `ventas_dia_hechos` says which days are summed, also those
 * without top-ups. One row per day, leader (0 for none) and platform: a company has far fewer
 * leaders than sellers, and one seller's rows are counted from recargas' own index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ventas_dia_hechos')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .addColumn('zona', 'text', (c) => c.notNull())
    .addColumn('dia', 'date', (c) => c.notNull())
    .addPrimaryKeyConstraint('ventas_dia_hechos_pk', ['empresa_id', 'zona', 'dia'])
    .execute();
  await db.schema
    .createTable('ventas_dia')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .addColumn('zona', 'text', (c) => c.notNull())
    .addColumn('dia', 'date', (c) => c.notNull())
    .addColumn('lider_id', 'integer', (c) => c.notNull())
    .addColumn('plataforma', 'smallint', (c) => c.notNull())
    .addColumn('recargas', 'integer', (c) => c.notNull())
    .addColumn('monto', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ventas_dia_pk', ['empresa_id', 'zona', 'dia', 'lider_id', 'plataforma'])
    .execute();
}
