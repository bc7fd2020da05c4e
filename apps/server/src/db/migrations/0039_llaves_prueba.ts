import { type Kysely, sql } from 'kysely';

/**
 * Issue 44. `llaves_api.prueba`: a sandbox key (`rk_test_…`), whose top-ups are answered by the
 * in-process simulator and never written, sent or counted. `recargas.falla`: the machine code of
 * why a top-up failed (contracts recargas/fallas.ts), set by its close from the cause. A constant
 * default and a nullable column are catalogue changes: neither table is rewritten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table llaves_api add column prueba boolean not null default false`.execute(db);
  await sql`alter table recargas add column falla text`.execute(db);
}
