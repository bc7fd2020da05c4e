import { type Kysely, sql } from 'kysely';

/**
 * A platform may run on TAECEL (issue 45): adaptador `taecel`, with the NAME of its account
 * (TAECEL_<CUENTA>_KEY/_NIP/_URL come from configuration, never the credentials themselves).
 * One statement on a table of two rows per company: one short lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proveedores
    drop constraint proveedores_adaptador,
    add constraint proveedores_adaptador check (adaptador in ('simulador', 'reloadly', 'taecel', 'ninguno')),
    add constraint proveedores_cuenta_taecel check (adaptador <> 'taecel' or cuenta is not null)`.execute(db);
}
