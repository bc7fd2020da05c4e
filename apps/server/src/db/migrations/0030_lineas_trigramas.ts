import { type Kysely, sql } from 'kysely';

/**
 * Chips on the lines' ICC and number (substrings) find their lines through trigram indexes, as
 * the sales report's number chip does (0015), instead of reading a range's lines until 10,001
 * match: a rare ICC over a year of 10,000,000 lines read most of that year (3 s in bench:lines).
 * GIN's pending list takes an upload's entries in bulk (bench:lines measures the upload).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index lineas_icc_trigramas on lineas using gin (icc gin_trgm_ops)`.execute(db);
  await sql`create index lineas_dn_trigramas on lineas using gin (dn gin_trgm_ops)`.execute(db);
}
