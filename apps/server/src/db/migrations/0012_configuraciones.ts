import { type Kysely, sql } from 'kysely';

/**
 * Settings screen (issue 9). A company's logo lives in the database (empresa_logos), not on a
 * disk, so every API process serves the same one; empresas.image points at its public URL. Every
 * change an administrator makes is one row of configuraciones_auditoria, written in the same
 * transaction as the change: who, when, which setting (its spec name), the value before and after.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('empresa_logos')
    .addColumn('empresa_id', 'integer', (c) => c.primaryKey().references('empresas.id').onDelete('cascade'))
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('datos', 'bytea', (c) => c.notNull())
    .addColumn('actualizado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('configuraciones_auditoria')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id'))
    // The moment of the write, not of the transaction's start (now()): a change that waited for
    // another admin's lock on the company is written, and listed, after it.
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn('ajuste', 'text', (c) => c.notNull())
    .addColumn('anterior', 'jsonb')
    .addColumn('nuevo', 'jsonb')
    .execute();
  await db.schema
    .createIndex('configuraciones_auditoria_empresa')
    .on('configuraciones_auditoria')
    .columns(['empresa_id', 'fecha desc', 'id desc'])
    .execute();
}
