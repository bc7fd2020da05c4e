import { type Kysely, sql } from 'kysely';

/**
 * A `/v1` top-up's `referencia` is unique per company (issue 44): a new Idempotency-Key with a
 * reference already used made a second top-up. The unique index makes two concurrent requests
 * unable to both win. References repeated before this release are kept as they were (they name
 * top-ups already charged) and marked `repetida`, every one but the first of its company: the
 * index leaves them out, and the first still holds its reference. The table is locked against
 * writes meanwhile (only API top-ups write it), so no repeat slips in between the marking and
 * the index; both touch only this table, one row per API top-up.
 *
 * Idempotency-Keys of /v1 are now the company's too (`v1:<key>`, no longer `k:<API key id>:<key>`):
 * those of the last two days move to the new form, so a retry that spans the upgrade still meets
 * its row (as 0016 did); of one key used under two API keys, the first top-up takes it. Found
 * through the link table, the ledger is read by id only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`lock table recargas_api in share row exclusive mode`.execute(db);
  await sql`alter table recargas_api add column repetida boolean not null default false`.execute(db);
  await sql`update recargas_api x set repetida = true
    where x.referencia is not null and exists (select from recargas_api p
      where p.empresa_id = x.empresa_id and p.referencia = x.referencia and p.recarga_id < x.recarga_id)`.execute(
    db,
  );
  await sql`with movidas as (
      select y.id, y.empresa_id, 'v1:' || substr(y.idempotencia, length(x.llave_id::text) + 4) as nueva
      from recargas_api x join recargas y on y.id = x.recarga_id
      where y.idempotencia like 'k:%' and y.creada > now() - interval '2 days'
    ), primeras as (
      select distinct on (empresa_id, nueva) id, empresa_id, nueva from movidas order by empresa_id, nueva, id
    )
    update recargas r set idempotencia = p.nueva from primeras p
    where r.id = p.id and not exists (select from recargas o
      where o.empresa_id = p.empresa_id and o.idempotencia = p.nueva)`.execute(db);
  await sql`create unique index recargas_api_referencia_unica on recargas_api (empresa_id, referencia)
    where referencia is not null and not repetida`.execute(db);
}
