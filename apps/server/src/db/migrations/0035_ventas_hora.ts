import type { Kysely } from 'kysely';

/**
 * Hour totals of top-ups for the days not summed by day yet (0013): today. An hour is summed
 * once, when a query first needs it and once it can no longer change (it ended over an hour ago
 * and no top-up in or before it is still open), so charts and counts read live only the last one
 * or two hours, not all of today (issue 25: at 10,000,000 top-ups ten times 1,000,000's, more as
 * the day goes on). `hora` is the hour's first instant; `ventas_hora_hechos` says which hours are
 * summed, also those without top-ups. The nightly job drops them once two days old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ventas_hora_hechos')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .addColumn('zona', 'text', (c) => c.notNull())
    .addColumn('hora', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('ventas_hora_hechos_pk', ['empresa_id', 'zona', 'hora'])
    .execute();
  await db.schema
    .createTable('ventas_hora')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .addColumn('zona', 'text', (c) => c.notNull())
    .addColumn('hora', 'timestamptz', (c) => c.notNull())
    .addColumn('lider_id', 'integer', (c) => c.notNull())
    .addColumn('plataforma', 'smallint', (c) => c.notNull())
    .addColumn('recargas', 'integer', (c) => c.notNull())
    .addColumn('monto', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ventas_hora_pk', ['empresa_id', 'zona', 'hora', 'lider_id', 'plataforma'])
    .execute();
}
