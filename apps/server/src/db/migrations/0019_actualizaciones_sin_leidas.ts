import { type Kysely, sql } from 'kysely';

/**
 * The newest release note is 'Nuevo' for everyone, opened or not (spec section 2, as the seed
 * does): the per-user read state has no use left.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop table actualizaciones_leidas`.execute(db);
}
