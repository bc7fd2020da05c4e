import { type Kysely, sql } from 'kysely';

/**
 * A provider row may run on Reloadly (issue 24): its adapter kind, the NAME of the account
 * whose credentials come from configuration (RELOADLY_<CUENTA>_CLIENT_ID/_CLIENT_SECRET/
 * _AUDIENCE; never the credentials themselves) and the company's override of the operator
 * id per carrier ({"T": 1234}).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table proveedores
    add column cuenta text check (cuenta ~ '^[A-Z0-9_]{1,40}$'),
    add column operadores jsonb not null default '{}' check (jsonb_typeof(operadores) = 'object'),
    add constraint proveedores_adaptador check (adaptador in ('simulador', 'reloadly')),
    add constraint proveedores_cuenta_reloadly check (adaptador <> 'reloadly' or cuenta is not null)`.execute(
    db,
  );
}
