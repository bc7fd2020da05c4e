import { type Kysely, sql } from 'kysely';

/**
 * A chip on the lines' number counted month by month (issue 25): each line's number trigrams
 * carry the line's upload month (UTC), 'YYYYMM' then the trigram, so the count reads the lists
 * of the newest months first and stops at its bound. The trigram index (0030) holds one list per
 * trigram over all months, read whole: for dn=5512 over a year, 160,000 entries at 10,000,000
 * lines against 16,000 at 1,000,000 (15 ms against 1.4). A month's lists grow with the lines of
 * a month, but the bound is reached in fewer months. Since 1.1.0 the index is built online after
 * the migrations (db/indices-en-linea.ts), not here where it blocked writes to `lineas` (issue 40).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function trigramas_por_mes(t text, cuando timestamptz) returns text[]
    language sql immutable strict parallel safe
    as $$ select array(select distinct to_char(cuando at time zone 'UTC', 'YYYYMM') || substr(lower(t), i, 3)
      from generate_series(1, length(t) - 2) i) $$`.execute(db);
}
