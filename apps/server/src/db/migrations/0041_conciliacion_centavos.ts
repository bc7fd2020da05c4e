import { type Kysely, sql } from 'kysely';

/**
 * A statement's amounts may have centavos (issue 44: `50.00`, `49.50`): the reconciled totals
 * and the mismatches' amounts become exact decimals (numeric, pesos with two decimals), never
 * floats. Whole-peso values stay as they were. Both tables hold one row per reconciled day and
 * one per mismatch (no top-up writes them), so the rewrite's lock is short.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conciliaciones
    alter column total_nuestro type numeric(14, 2),
    alter column total_suyo type numeric(14, 2)`.execute(db);
  await sql`alter table conciliacion_diferencias
    alter column monto_nuestro type numeric(12, 2),
    alter column monto_suyo type numeric(12, 2)`.execute(db);
}
