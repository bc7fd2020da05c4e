import { type Kysely, sql } from 'kysely';

/**
 * Idempotency keys scoped to (company, caller, key), with the request's fingerprint (issue 17).
 * A client's key used to be the company's ('c:<key>'): another user, or the public screen,
 * sending it got the first caller's answer. It is now kept under its caller ('u:<user id>:<key>',
 * 'a:<key>' for the public screen) and the row keeps a fingerprint of the request (route and
 * body) that first used it, so the same key with another body is refused instead of answered.
 * Keys of the last two days are moved to the new form, so a retry that spans the upgrade still
 * meets its row; older ones are left as they are (no client retries them) and never match a new
 * key. Rows without a fingerprint (older, or a resource's key like a bulk line's) answer as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recargas add column huella text`.execute(db);
  await sql`update recargas
    set idempotencia = case when usuario_id is null then 'a:' else 'u:' || usuario_id || ':' end
      || substr(idempotencia, 3)
    where idempotencia like 'c:%' and creada > now() - interval '2 days'`.execute(db);
}
