import { type Kysely, sql } from 'kysely';

/**
 * The daily counter carries the limit it was counted against, and a CHECK enforces it: the
 * top-up row and its count are then written by one statement that fails whole at the limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table conteo_recargas add column limite integer not null default 2147483647`.execute(db);
  await sql`alter table conteo_recargas add constraint conteo_recargas_limite check (n <= limite)`.execute(
    db,
  );
}
