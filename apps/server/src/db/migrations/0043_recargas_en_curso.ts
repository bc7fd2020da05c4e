import { type Kysely, sql } from 'kysely';

/**
 * The open top-ups in a table of their own (issue 42), in place of the partial index
 * `recargas_abiertas` (0002), so that a top-up's close can be a HOT update: an update that changes
 * a column some index names (`estado`, named by that index's predicate) writes a new entry in
 * every index of `recargas`, the GIN of number pieces included. Without it, and with room left in
 * each page (fillfactor 80), the close writes only its row: a third fewer WAL records per close
 * and 8 % more top-ups a second in bench:topups.
 *
 * Triggers keep the table, for every statement that writes `recargas` (any process, any release
 * during a rolling upgrade): a row is in it while its estado is pendiente or enviada. Its key
 * (company, created, id) serves the reports' "oldest open top-up of the company", the sweep and the
 * metrics. Creating the triggers waits for the top-ups being written and holds new ones for the
 * moment of the copy of the open rows (by the old index: few), under the migration's lock wait
 * (migrate.ts); the old index is dropped without a lock after the migrations (indices-en-linea.ts).
 * Each statement may run again (migraciones-en-linea.test.ts applies 0040 and after twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table if not exists recargas_en_curso (
    empresa_id integer not null,
    creada timestamptz not null,
    id bigint not null,
    primary key (empresa_id, creada, id)
  )`.execute(db);
  await sql`create or replace function recargas_en_curso_alta() returns trigger language plpgsql as $$
    begin
      insert into recargas_en_curso (empresa_id, creada, id)
        select n.empresa_id, n.creada, n.id from nuevas n where n.estado in ('pendiente', 'enviada');
      return null;
    end $$`.execute(db);
  // An update takes out what the rows were and puts back those still open: a close only deletes.
  await sql`create or replace function recargas_en_curso_cambio() returns trigger language plpgsql as $$
    begin
      delete from recargas_en_curso e using viejas v
        where e.empresa_id = v.empresa_id and e.creada = v.creada and e.id = v.id
          and v.estado in ('pendiente', 'enviada');
      insert into recargas_en_curso (empresa_id, creada, id)
        select n.empresa_id, n.creada, n.id from nuevas n where n.estado in ('pendiente', 'enviada')
        on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create or replace function recargas_en_curso_baja() returns trigger language plpgsql as $$
    begin
      delete from recargas_en_curso e using viejas v
        where e.empresa_id = v.empresa_id and e.creada = v.creada and e.id = v.id;
      return null;
    end $$`.execute(db);
  await sql`create or replace function recargas_en_curso_vaciar() returns trigger language plpgsql as $$
    begin
      truncate recargas_en_curso;
      return null;
    end $$`.execute(db);
  await sql`create or replace trigger recargas_en_curso_alta after insert on recargas
    referencing new table as nuevas for each statement execute function recargas_en_curso_alta()`.execute(db);
  await sql`create or replace trigger recargas_en_curso_cambio after update on recargas
    referencing old table as viejas new table as nuevas
    for each statement execute function recargas_en_curso_cambio()`.execute(db);
  await sql`create or replace trigger recargas_en_curso_baja after delete on recargas
    referencing old table as viejas for each statement execute function recargas_en_curso_baja()`.execute(db);
  await sql`create or replace trigger recargas_en_curso_vaciar after truncate on recargas
    for each statement execute function recargas_en_curso_vaciar()`.execute(db);
  await sql`insert into recargas_en_curso (empresa_id, creada, id)
    select empresa_id, creada, id from recargas where estado in ('pendiente', 'enviada')
    on conflict do nothing`.execute(db);
  await sql`alter table recargas set (fillfactor = 80)`.execute(db);
}
