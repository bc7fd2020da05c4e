import { type Kysely, sql } from 'kysely';

/**
 * Day counts of the sales report per set of chips (issue 21: the total with chips under 50 ms
 * for 400 days). A chip matches the text of each top-up, so a count reads the rows of its range;
 * but a day that can no longer change (as for ventas_dia, 0013) gives the same count for the same
 * chips and scope forever. `clave` names the scope and chips; a row per day, 0 included, says the
 * day is counted. Rows are dropped a week after they were made (the nightly job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ventas_chips_dia')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .addColumn('zona', 'text', (c) => c.notNull())
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('dia', 'date', (c) => c.notNull())
    .addColumn('recargas', 'integer', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('ventas_chips_dia_pk', ['empresa_id', 'zona', 'clave', 'dia'])
    .execute();
  await db.schema.createIndex('ventas_chips_dia_creada').on('ventas_chips_dia').column('creada').execute();
}
