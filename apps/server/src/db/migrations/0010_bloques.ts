import { type Kysely, sql } from 'kysely';

/**
 * Bulk top-ups (issue 5). A block (bloques) is the set of inventory lines one upload of
 * action 4 brought, named by its upload time in ms (fecha_numerica, unique per company). Each
 * block line (bloque_lineas) is recharged through the top-up engine with the key
 * 'b:<id>:<intento>': its state is read from that top-up row, so a double press, two workers or
 * a retried job meet the same row and send once; a failed attempt moves `intento` on.
 * `en_cola_hasta` marks a line queued (or scheduled) until its job has run. A programme
 * (programaciones) spreads the lines of a block over a time window as delayed jobs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bloques')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('subido_por', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('creado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('fecha_numerica', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('bloques_empresa_fecha', ['empresa_id', 'fecha_numerica'])
    .execute();

  await db.schema
    .createTable('programaciones')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('bloque_id', 'integer', (c) => c.notNull().references('bloques.id').onDelete('cascade'))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('inicio', 'timestamptz', (c) => c.notNull())
    .addColumn('fin', 'timestamptz', (c) => c.notNull())
    .addColumn('lineas', 'integer', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cancelada', 'timestamptz')
    .addCheckConstraint('programaciones_ventana', sql`fin > inicio`)
    .execute();
  await db.schema
    .createIndex('programaciones_empresa')
    .on('programaciones')
    .columns(['empresa_id', 'id'])
    .execute();

  await db.schema
    .createTable('bloque_lineas')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('bloque_id', 'integer', (c) => c.notNull().references('bloques.id').onDelete('cascade'))
    .addColumn('icc', 'text', (c) => c.notNull().check(sql`icc ~ '^[0-9]{1,20}$'`))
    .addColumn('dn', 'text', (c) => c.notNull().defaultTo('').check(sql`dn ~ '^[0-9]{0,13}$'`))
    .addColumn('monto', 'integer', (c) => c.check(sql`monto > 0`))
    .addColumn('compania', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull().defaultTo('').check(sql`length(nombre) <= 100`))
    .addColumn('intento', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mensaje', 'text')
    .addColumn('en_cola_hasta', 'timestamptz')
    .addColumn('programacion_id', 'integer', (c) => c.references('programaciones.id').onDelete('set null'))
    .addColumn('programada_para', 'timestamptz')
    .addColumn('trabajo_id', 'uuid')
    .execute();
  await db.schema
    .createIndex('bloque_lineas_bloque')
    .on('bloque_lineas')
    .columns(['bloque_id', 'id'])
    .execute();
  await sql`create index bloque_lineas_programacion on bloque_lineas (programacion_id) where programacion_id is not null`.execute(
    db,
  );
}
