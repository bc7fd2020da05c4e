import { type Kysely, sql } from 'kysely';

/**
 * A long chip on the sales report's number (7 digits or more, most of a number) finds its rows
 * by two of its 6-digit pieces: each number holds five, so a piece's list is about as long as
 * its matches. The trigram index (0015) read the lists of the chip's trigrams, each as long as
 * a hundredth of the table: 4.9 ms of 9.7 at 10,000,000 top-ups for 57 rows, ten times the
 * lists of 1,000,000 (issue 25). Two pieces, not one 7-digit piece: the planner has no
 * statistics of such rare elements and guesses 0.5 % a piece, and for one piece it ANDed the
 * range's bitmap (127,000 rows, 18 ms against 0.6). Nothing else reads the trigram index: it goes.
 * Since 1.1.0 the index is built online after the migrations, the trigram index dropped once it
 * is valid (db/indices-en-linea.ts): built here, it held every new top-up for 20 s at 1,000,000
 * rows (issue 40).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function subcadenas(t text, n integer) returns text[] language sql immutable strict parallel safe
    as $$ select array(select distinct substr(t, i, n) from generate_series(1, length(t) - n + 1) i) $$`.execute(
    db,
  );
}
