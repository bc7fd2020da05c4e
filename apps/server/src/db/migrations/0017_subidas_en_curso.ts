import { type Kysely, sql } from 'kysely';

/**
 * Uploads written chunk by chunk on the embedded database (subidas/tramos.ts). A row of
 * subidas_en_curso is an upload not yet decided; each chunk it writes leaves, in the same
 * transaction, a row of subidas_deshacer saying how to undo it (rows it inserted, old values of
 * rows it changed, rows it deleted). Deleting the subidas_en_curso row is the upload's commit;
 * an upload that fails, or whose process dies, is undone chunk by chunk (at the next start for a
 * crash). No foreign key between them: undo rows left by a committed upload are only garbage.
 *
 * recargas.linea_id and reciclajes.linea_id are indexed: deleting a line sets them to null, and
 * without an index each deleted line scanned both tables (2,000 deletions: 564 -> 55 ms on PGlite
 * with 600 top-ups; with millions of top-ups, minutes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table subidas_en_curso (
    id bigserial primary key,
    empresa_id integer not null references empresas (id),
    accion smallint not null,
    creada timestamptz not null default now()
  )`.execute(db);
  await sql`create table subidas_deshacer (
    id bigserial primary key,
    subida_id bigint not null,
    tabla text not null check (tabla in ('lineas', 'portabilidades')),
    insertadas jsonb not null default '[]',
    cambiadas jsonb,
    borradas jsonb
  )`.execute(db);
  await sql`create index subidas_deshacer_subida on subidas_deshacer (subida_id, id)`.execute(db);
  await sql`create index recargas_linea on recargas (linea_id) where linea_id is not null`.execute(db);
  await sql`create index reciclajes_linea on reciclajes (linea_id) where linea_id is not null`.execute(db);
}
