import { type Kysely, sql } from 'kysely';

/**
 * Recycling (spec sections 2 "Bulk recycling", 4 "Recycling"): a line with a number whose
 * validity has run out is pending recycling. Recycling returns it to stock (no leader, client,
 * recharge or validity); forgetting keeps it as it is and remembers which validity was
 * forgotten, so the line comes back only when a later validity runs out. Every decision is kept
 * in `reciclajes` with what the line had before, since recycling clears it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lineas add column vigencia_olvidada date`.execute(db);
  // The pending list of a company: expired validity, oldest first.
  await sql`create index lineas_empresa_vigencia on lineas (empresa_id, fecha_vigencia, id)
    where fecha_vigencia is not null and dn <> ''`.execute(db);
  await db.schema
    .createTable('reciclajes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('linea_id', 'bigint', (c) => c.references('lineas.id').onDelete('set null'))
    .addColumn('icc', 'text', (c) => c.notNull())
    .addColumn('dn', 'text', (c) => c.notNull())
    .addColumn('accion', 'text', (c) => c.notNull().check(sql`accion in ('reciclar', 'olvidar')`))
    .addColumn('lider_id', 'integer')
    .addColumn('cliente_id', 'integer')
    .addColumn('fecha_vigencia', 'date')
    .addColumn('fecha_recarga', 'timestamptz')
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('reciclajes_empresa_fecha')
    .on('reciclajes')
    .columns(['empresa_id', 'fecha'])
    .execute();
}
