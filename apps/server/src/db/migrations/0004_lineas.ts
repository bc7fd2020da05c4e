import { type Kysely, sql } from 'kysely';

/**
 * Line inventory (spec section 3, Line): one row per SIM of a company, unique by ICC within
 * the company, scanned by upload date (administrarBase pages newest first by keyset). A top-up
 * by ICC remembers the line it locked, so its outcome can mark or release that line.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lineas')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('icc', 'text', (c) => c.notNull().check(sql`icc ~ '^[0-9]{1,20}$'`))
    .addColumn('dn', 'text', (c) => c.notNull().defaultTo('').check(sql`dn ~ '^[0-9]{0,13}$'`))
    .addColumn('monto', 'integer', (c) => c.check(sql`monto > 0`))
    .addColumn('lider_id', 'integer', (c) => c.references('lideres.id'))
    .addColumn('cliente_id', 'integer', (c) => c.references('clientes.id'))
    .addColumn('compania', 'text', (c) => c.notNull())
    .addColumn('subido_por', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('fecha_subida', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fecha_actualizacion', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fecha_vigencia', 'date')
    .addColumn('fecha_recarga', 'timestamptz')
    .addColumn('nir', 'text', (c) => c.check(sql`length(nir) <= 10`))
    .addColumn('plataforma', 'smallint', (c) => c.check(sql`plataforma in (1, 2)`))
    .addColumn('is_recargado', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('fecha_entrega', 'date')
    .addColumn('producto', 'text', (c) => c.check(sql`length(producto) <= 100`))
    .addColumn('fecha_portada', 'date')
    .addUniqueConstraint('lineas_empresa_icc', ['empresa_id', 'icc'])
    .execute();
  // administrarBase and the export: a date range of one company, newest first, keyset by id.
  await db.schema
    .createIndex('lineas_empresa_subida')
    .on('lineas')
    .columns(['empresa_id', 'fecha_subida', 'id'])
    .execute();
  // A leader's own lines (level 2) in the same order.
  await db.schema
    .createIndex('lineas_empresa_lider_subida')
    .on('lineas')
    .columns(['empresa_id', 'lider_id', 'fecha_subida', 'id'])
    .execute();
  // Look-ups by phone number (recycling, top-up by DN).
  await sql`create index lineas_empresa_dn on lineas (empresa_id, dn) where dn <> ''`.execute(db);

  await sql`alter table recargas add column linea_id bigint references lineas(id) on delete set null`.execute(
    db,
  );
}
