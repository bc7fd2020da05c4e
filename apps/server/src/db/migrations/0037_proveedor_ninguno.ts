import { type Kysely, sql } from 'kysely';

/**
 * A platform may have no provider (issue 39): adaptador `ninguno`, the default of a new row, so a
 * new company's platforms refuse top-ups until the operator names a provider (admin CLI
 * `set-provider`) instead of answering from the simulator. Rows already there keep theirs. One
 * statement on a table of two rows per company: one short lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proveedores
    drop constraint proveedores_adaptador,
    add constraint proveedores_adaptador check (adaptador in ('simulador', 'reloadly', 'ninguno')),
    alter column adaptador set default 'ninguno'`.execute(db);
}
