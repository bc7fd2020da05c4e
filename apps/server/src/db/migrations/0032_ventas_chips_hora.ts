import { type Kysely, sql } from 'kysely';

/**
 * Hour counts of the sales report per set of chips, for the days not yet counted by day (0026):
 * today. An hour, like a day, can no longer change once it ended over an hour ago with no open
 * top-up in or before it; counted once, it leaves to the live read only the last one or two
 * hours (issue 25: at 10,000,000 top-ups a total over 400 days read today's rows, ten times as
 * many as at 1,000,000). `hora` is the hour's first instant; a row per hour, 0 included, says the
 * hour is counted. The nightly job drops them once their day is counted by day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ventas_chips_hora')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .addColumn('zona', 'text', (c) => c.notNull())
    .addColumn('clave', 'text', (c) => c.notNull())
    .addColumn('hora', 'timestamptz', (c) => c.notNull())
    .addColumn('recargas', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('ventas_chips_hora_pk', ['empresa_id', 'zona', 'clave', 'hora'])
    .execute();
  await sql`create index ventas_chips_hora_hora on ventas_chips_hora (hora)`.execute(db);
}
