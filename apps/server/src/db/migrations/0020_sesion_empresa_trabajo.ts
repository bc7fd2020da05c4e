import { type Kysely, sql } from 'kysely';

/**
 * POST /cambiarEmpresa (spec section 7): a root user's session works in another company than
 * the user's own. Null: the user's company. The session row keeps the user's company, so the
 * token and the user stay checked against it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sesiones add column empresa_trabajo_id integer references empresas(id)`.execute(db);
}
