import type { Kysely } from 'kysely';

/**
 * A range of lines walked newest first carries what chips on the ICC, number and carrier test
 * (and the leader, for a leader's scope), so a page with those chips is found in the index alone
 * (issue 25): an ICC chip matching 11,121 of 10,000,000 lines read 19,400 rows scattered over the
 * table to find its 20 (100 ms) where the index holds them in date order (7.5 ms; 1,000,000
 * lines: 5.7 ms). Since 1.1.0 the index (`lineas_recorrido`) is built online after the
 * migrations, not here inside their transaction, where it blocked writes to `lineas` while it
 * was built (issue 40): see db/indices-en-linea.ts. The name stays, as applied history.
 */
export async function up(_db: Kysely<unknown>): Promise<void> {}
