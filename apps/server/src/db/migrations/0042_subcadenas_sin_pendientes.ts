import { type Kysely, sql } from 'kysely';

/**
 * The GIN index of number pieces (0033) without its pending list (issue 42). With it, each
 * top-up's five pieces went to the list, and the write that found the list over 4 MB merged it
 * into the index inside its own statement: 200 to 300 ms every few thousand top-ups, in which
 * the batched writes and closes of every caller waited (auto_explain under bench:topups: one
 * close read 292,000 buffers). Written straight into the index, a top-up costs a little more and
 * none waits for a merge. The change takes the index alone, for an instant, under the
 * migration's lock wait (migrate.ts); a database whose index is not built yet gets it built so
 * (indices-en-linea.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter index if exists recargas_dn_subcadenas set (fastupdate = off)`.execute(db);
}
