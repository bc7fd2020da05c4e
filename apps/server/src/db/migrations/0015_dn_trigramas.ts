import { type Kysely, sql } from 'kysely';

/**
 * A chip on the sales report's number column (a substring of it) finds its rows through a
 * trigram index instead of walking every top-up of the range: a 7-digit chip over 400 days
 * went from 271 ms to a few (bench:reports). pg_trgm is a trusted extension of PostgreSQL's
 * contrib (PGlite loads it in db/database.ts). The top-ups are written in batches, so the
 * index costs them little (bench:topups).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index recargas_dn_trigramas on recargas using gin (dn gin_trgm_ops)`.execute(db);
}
