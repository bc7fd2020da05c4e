import { type Kysely, sql } from 'kysely';

/**
 * A company's port-out rows by ICC: an upload (action 6) looks up each chunk's ICCs to tell the
 * duplicates, and without this index each chunk scanned all the company's rows (a 100,000-row
 * file scanned ~5 million rows; on PostgreSQL, with generic plans, 144 s).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index portabilidades_empresa_icc on portabilidades (empresa_id, icc)`.execute(db);
}
