import { type Kysely, sql } from 'kysely';

/**
 * A `/v1` top-up's `referencia` is unique per company (issue 44): a new Idempotency-Key with a
 * reference already used made a second top-up. The unique index that keeps two concurrent
 * requests from both winning is built online after the migrations (indices-en-linea.ts), as
 * `recargas_api` grows with every API top-up: this only adds `repetida`, which marks references
 * repeated before this release (they name top-ups already charged, and stay as they are).
 *
 * Idempotency-Keys of /v1 are now the company's too (`v1:<key>`, no longer `k:<API key id>:<key>`):
 * those of the last two days move to the new form, so a retry that spans the upgrade still meets
 * its row (as 0016 did); of one key used under two API keys, the first top-up takes it. Found
 * through the link table, the ledger is read by id only, and only those rows are touched.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table recargas_api add column repetida boolean not null default false`.execute(db);
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
}
