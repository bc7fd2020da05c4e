import { type Kysely, sql } from 'kysely';

/**
 * The audit trail (issue 22): every change of money or permission is one row, written in the
 * same transaction as the change: who (user id and the name at the time; no user: a job), when,
 * from where (IP), which row (table and id), before and after, the company. Rows are only ever
 * added: a trigger refuses UPDATE, DELETE and TRUNCATE, whoever asks. The settings history of
 * 0012 is the same kind of record: its rows move here (kind `configuracion`, one per setting as
 * before) and its table goes, so there is one trail for all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auditoria')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    // The moment of the write (as 0012): a change that waited for another's lock comes after it.
    .addColumn('fecha', 'timestamptz', (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    // Users are only ever disabled, never deleted: a row names a user that exists (null: a job).
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('usuario', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('tipo', 'text', (c) => c.notNull())
    .addColumn('tabla', 'text', (c) => c.notNull())
    .addColumn('fila', 'text', (c) => c.notNull())
    .addColumn('antes', 'jsonb')
    .addColumn('despues', 'jsonb')
    .execute();
  // One index: the screen and the settings history read a company's rows newest first.
  await db.schema
    .createIndex('auditoria_empresa_fecha')
    .on('auditoria')
    .columns(['empresa_id', 'fecha desc', 'id desc'])
    .execute();

  await sql`create function auditoria_solo_agregar() returns trigger language plpgsql as $$
    begin
      raise exception 'auditoria: solo se agregan filas (%)', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger auditoria_sin_cambios before update or delete on auditoria
    for each row execute function auditoria_solo_agregar()`.execute(db);
  await sql`create trigger auditoria_sin_vaciar before truncate on auditoria
    for each statement execute function auditoria_solo_agregar()`.execute(db);

  await sql`insert into auditoria (empresa_id, fecha, usuario_id, usuario, tipo, tabla, fila, antes, despues)
    select a.empresa_id, a.fecha, a.usuario_id, u.username, 'configuracion', 'empresas', a.empresa_id::text,
      jsonb_build_object(a.ajuste, a.anterior), jsonb_build_object(a.ajuste, a.nuevo)
    from configuraciones_auditoria a join usuarios u on u.id = a.usuario_id
    order by a.id`.execute(db);
  await db.schema.dropTable('configuraciones_auditoria').execute();
}
