import { PERMISOS } from '@recargas/contracts/permisos';
import { type Kysely, sql } from 'kysely';

/** Companies, their hosts, leaders and clients, users, permissions, sessions, login throttling. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('empresas')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('codigo', 'text', (c) => c.notNull().unique())
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addColumn('primary_color', 'text', (c) => c.notNull().defaultTo('#408080'))
    .addColumn('darken_color', 'text', (c) => c.notNull().defaultTo('#408080'))
    .addColumn('accent_color', 'text', (c) => c.notNull().defaultTo('#408080'))
    .addColumn('background_color', 'text', (c) => c.notNull().defaultTo('#ffffff'))
    .addColumn('font_color', 'text', (c) => c.notNull().defaultTo('#000000'))
    .addColumn('imagen_fondo', 'text')
    .addColumn('imagen_fondo_in', 'text')
    .addColumn('izquierdo_login', 'text', (c) => c.notNull().defaultTo('offset-l3'))
    .addColumn('hide_nav', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('image', 'text')
    .addColumn('barra', 'text')
    .addColumn('recarga_sin_usuario', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('max_recargas_sin_usuario', 'integer', (c) =>
      c.notNull().defaultTo(100).check(sql`max_recargas_sin_usuario between 1 and 2000`),
    )
    .addColumn('ajustes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('alerta', 'text')
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('empresas_codigo_minusculas', sql`codigo = lower(codigo)`)
    .execute();

  await db.schema
    .createTable('empresa_hosts')
    .addColumn('fragmento', 'text', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('lideres')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addUniqueConstraint('lideres_empresa_nombre', ['empresa_id', 'nombre'])
    .execute();

  await db.schema
    .createTable('clientes')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('lider_id', 'integer', (c) => c.notNull().references('lideres.id'))
    .addColumn('nombre', 'text', (c) => c.notNull())
    .addUniqueConstraint('clientes_lider_nombre', ['lider_id', 'nombre'])
    .execute();

  await db.schema
    .createTable('usuarios')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('username', 'text', (c) => c.notNull().check(sql`length(username) between 1 and 50`))
    .addColumn('nombre', 'text', (c) => c.notNull().check(sql`length(nombre) between 1 and 100`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('nivel', 'smallint', (c) => c.notNull().check(sql`nivel between 0 and 3`))
    .addColumn('lider_id', 'integer', (c) => c.references('lideres.id'))
    .addColumn('cliente_id', 'integer', (c) => c.references('clientes.id'))
    .addColumn('telefono', 'text', (c) => c.check(sql`length(telefono) <= 13`))
    .addColumn('max_recargas', 'integer', (c) =>
      c.notNull().defaultTo(5).check(sql`max_recargas between 1 and 1000000`),
    )
    .addColumn('is_monto', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('dos_pasos', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_secreto', 'text')
    .addColumn('totp_confirmado', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_ultimo_paso', 'bigint')
    .addColumn('creado_por', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('eliminado', 'timestamptz')
    .addColumn('creado', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // A username is unique among the live users of a company, whatever its case.
  await sql`create unique index usuarios_empresa_username on usuarios (empresa_id, lower(username)) where eliminado is null`.execute(
    db,
  );
  await db.schema
    .createIndex('usuarios_empresa_lider')
    .on('usuarios')
    .columns(['empresa_id', 'lider_id'])
    .execute();

  await db.schema
    .createTable('permisos')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .execute();
  await db
    .insertInto('permisos' as never)
    .values(PERMISOS.map((clave) => ({ clave })) as never)
    .execute();

  await db.schema
    .createTable('usuario_permisos')
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id'))
    .addColumn('clave', 'text', (c) => c.notNull().references('permisos.clave'))
    .addPrimaryKeyConstraint('usuario_permisos_pk', ['usuario_id', 'clave'])
    .execute();

  await db.schema
    .createTable('usuario_rutas')
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id'))
    .addColumn('ruta', 'text', (c) => c.notNull())
    .addColumn('orden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('usuario_rutas_pk', ['usuario_id', 'ruta'])
    .execute();

  await db.schema
    .createTable('sesiones')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('usuario_id', 'integer', (c) => c.notNull().references('usuarios.id'))
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('secreto_hash', 'text', (c) => c.notNull())
    .addColumn('expira', 'timestamptz', (c) => c.notNull())
    .addColumn('revocada', 'timestamptz')
    .addColumn('ip', 'text')
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sesiones_usuario').on('sesiones').column('usuario_id').execute();

  await db.schema
    .createTable('intentos_login')
    .addColumn('clave', 'text', (c) => c.primaryKey())
    .addColumn('fallos', 'integer', (c) => c.notNull())
    .addColumn('desde', 'timestamptz', (c) => c.notNull())
    .addColumn('bloqueado_hasta', 'timestamptz')
    .execute();
}
