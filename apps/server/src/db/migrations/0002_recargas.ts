import { type Kysely, sql } from 'kysely';

/**
 * Top-ups: providers per company (platform 1 Recargatodo, 2 Pagaqui), the top-up rows written
 * before any provider call, daily counters that enforce the limits, minimum balances and alerts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('proveedores')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('numero', 'smallint', (c) => c.notNull())
    .addColumn('codigo', 'text', (c) => c.notNull())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('adaptador', 'text', (c) => c.notNull().defaultTo('simulador'))
    .addColumn('minimo', 'integer', (c) => c.notNull().defaultTo(0).check(sql`minimo >= 0`))
    .addUniqueConstraint('proveedores_empresa_numero', ['empresa_id', 'numero'])
    .execute();
  await sql`insert into proveedores (empresa_id, numero, codigo, nombre)
    select e.id, p.numero, p.codigo, p.nombre from empresas e
    cross join (values (1, 'recargatodo', 'Recargatodo'), (2, 'pagaqui', 'Pagaqui')) as p(numero, codigo, nombre)`.execute(
    db,
  );

  await db.schema
    .createTable('recargas')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('idempotencia', 'text', (c) => c.notNull())
    .addColumn('proveedor_id', 'integer', (c) => c.notNull().references('proveedores.id'))
    .addColumn('icc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('dn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('compania', 'text', (c) => c.notNull())
    .addColumn('monto', 'integer', (c) => c.notNull().check(sql`monto > 0`))
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('tipo_recarga', 'smallint', (c) => c.notNull())
    .addColumn('folio_externo', 'text')
    .addColumn('estado', 'text', (c) =>
      c.notNull().defaultTo('pendiente').check(sql`estado in ('pendiente', 'enviada', 'exitosa', 'fallida')`),
    )
    .addColumn('mensaje', 'text')
    .addColumn('folio', 'text')
    .addColumn('lider_id', 'integer')
    .addColumn('cliente_id', 'integer')
    .addColumn('dia', 'date', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('enviada', 'timestamptz')
    .addColumn('terminada', 'timestamptz')
    .addColumn('consultas', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('recargas_idempotencia', ['empresa_id', 'idempotencia'])
    .execute();
  await db.schema
    .createIndex('recargas_empresa_creada')
    .on('recargas')
    .columns(['empresa_id', 'creada desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('recargas_usuario_creada')
    .on('recargas')
    .columns(['usuario_id', 'creada desc', 'id desc'])
    .execute();
  // Reconciliation scans only the open rows.
  await sql`create index recargas_abiertas on recargas (creada) where estado in ('pendiente', 'enviada')`.execute(
    db,
  );

  // One row per user and company-local day (usuario_id 0: top-ups without a user); the limit is
  // checked by the upsert that increments it, in the top-up's own transaction.
  await db.schema
    .createTable('conteo_recargas')
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('usuario_id', 'integer', (c) => c.notNull())
    .addColumn('dia', 'date', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().check(sql`n >= 0`))
    .addPrimaryKeyConstraint('conteo_recargas_pk', ['empresa_id', 'usuario_id', 'dia'])
    .execute();

  // A low-balance alert is recorded once per crossing: open until the balance is back above.
  await db.schema
    .createTable('alertas_saldo')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('proveedor_id', 'integer', (c) => c.notNull().references('proveedores.id'))
    .addColumn('bolsa', 'text', (c) => c.notNull())
    .addColumn('saldo', 'integer', (c) => c.notNull())
    .addColumn('minimo', 'integer', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cerrada', 'timestamptz')
    .execute();
  await sql`create unique index alertas_saldo_abierta on alertas_saldo (proveedor_id, bolsa) where cerrada is null`.execute(
    db,
  );
}
