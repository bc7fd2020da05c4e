import { type Kysely, sql } from 'kysely';

/**
 * Port-outs (spec sections 3 "Port-out row" and 4 "Port-out row flow"): one row per SIM handed
 * out for a portability, per company. Activation gives the SIM its number (destino), porting
 * sets fecha_porta and is_port, and the recharge goes through the top-up engine: recarga_id is
 * the last top-up tried for the row and intentos_recarga names its idempotency key, so two
 * presses of one attempt are one top-up and a new attempt is possible only after a failure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('portabilidades')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('empresa_id', 'integer', (c) => c.notNull().references('empresas.id'))
    .addColumn('icc', 'text', (c) => c.notNull().check(sql`icc ~ '^[0-9]{1,20}$'`))
    .addColumn('lider_nombre', 'text', (c) => c.check(sql`length(lider_nombre) <= 100`))
    .addColumn('cliente_nombre', 'text', (c) => c.check(sql`length(cliente_nombre) <= 100`))
    .addColumn('inter', 'text', (c) => c.check(sql`length(inter) <= 50`))
    .addColumn('insertada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('usuario_id', 'integer', (c) => c.references('usuarios.id'))
    .addColumn('monto_recarga', 'integer', (c) => c.check(sql`monto_recarga > 0 and monto_recarga <= 100000`))
    .addColumn('nip', 'text', (c) => c.check(sql`nip ~ '^[0-9]{4}$'`))
    .addColumn('carrier_origen', 'text', (c) => c.check(sql`length(carrier_origen) = 1`))
    .addColumn('carrier_destino', 'text', (c) => c.check(sql`length(carrier_destino) = 1`))
    .addColumn('dn_origen', 'text', (c) => c.check(sql`dn_origen ~ '^[0-9]{10}$'`))
    .addColumn('dn_destino', 'text', (c) => c.check(sql`dn_destino ~ '^[0-9]{10}$'`))
    .addColumn('fecha_porta', 'timestamptz')
    .addColumn('is_port', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mensaje_porta', 'text')
    .addColumn('fecha_recarga', 'timestamptz')
    .addColumn('recarga_id', 'bigint', (c) => c.references('recargas.id').onDelete('set null'))
    .addColumn('intentos_recarga', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('actualizada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The screen: one company's range of insertion dates, newest first, keyset by id.
  await db.schema
    .createIndex('portabilidades_empresa_insertada')
    .on('portabilidades')
    .columns(['empresa_id', 'insertada', 'id'])
    .execute();
  // The detail by number (GET api/portOuts/{dn}).
  await sql`create index portabilidades_empresa_dn on portabilidades (empresa_id, dn_destino) where dn_destino is not null`.execute(
    db,
  );
}
