import { type Kysely, sql } from 'kysely';

/**
 * Carrier settings (issue 9): the company's platform users (an account on platform 1 or 2),
 * the platform user each carrier's top-ups go through, and a comment per carrier. A top-up
 * remembers the platform user it was sent with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('plataformas_empresa')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('proveedor_id', 'integer', (c) => c.notNull().references('proveedores.id'))
    .addColumn('username', 'text', (c) => c.notNull().check(sql`length(username) between 1 and 50`))
    .addColumn('canal', 'text', (c) => c.notNull().defaultTo('').check(sql`length(canal) <= 50`))
    .addColumn('creado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('plataformas_empresa_empresa_id', ['empresa_id', 'id'])
    .execute();
  await sql`create unique index plataformas_empresa_username on plataformas_empresa (empresa_id, proveedor_id, lower(username))`.execute(
    db,
  );

  // The composite key keeps a carrier of one company from pointing at another company's user.
  await db.schema
    .createTable('plataformas_carrier')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('carrier', 'text', (c) => c.notNull().check(sql`carrier in ('T', 'M', 'U', 'A', 'V', 'B')`))
    .addColumn('plataforma_empresa_id', 'integer', (c) => c.notNull())
    .addColumn('actualizado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('plataformas_carrier_pk', ['empresa_id', 'carrier'])
    .addForeignKeyConstraint(
      'plataformas_carrier_usuario',
      ['empresa_id', 'plataforma_empresa_id'],
      'plataformas_empresa',
      ['empresa_id', 'id'],
    )
    .execute();

  await db.schema
    .createTable('comentarios_carrier')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('carrier', 'text', (c) => c.notNull().check(sql`carrier in ('T', 'M', 'U', 'A', 'V', 'B')`))
    .addColumn('comentario', 'text', (c) => c.notNull().check(sql`length(comentario) <= 500`))
    .addColumn('actualizado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('comentarios_carrier_pk', ['empresa_id', 'carrier'])
    .execute();

  await db.schema
    .alterTable('recargas')
    .addColumn('plataforma_usuario_id', 'integer', (c) => c.references('plataformas_empresa.id'))
    .execute();
}
