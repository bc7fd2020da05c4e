import { type Kysely, sql } from 'kysely';

/**
 * The Web Push (VAPID) key pair of the installation, made once by the first process that needs it
 * and read by every other (issue 39): one per data folder gave two APIs on one database two
 * public keys, and workers signed with a key the browsers never subscribed with. One row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('claves_vapid')
    .addColumn('id', 'boolean', (c) => c.primaryKey().defaultTo(true).check(sql`id`))
    .addColumn('publica', 'text', (c) => c.notNull())
    .addColumn('privada', 'text', (c) => c.notNull())
    .addColumn('creada', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('claves_vapid').execute();
}
