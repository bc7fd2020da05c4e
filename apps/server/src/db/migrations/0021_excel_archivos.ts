import { type Kysely, sql } from 'kysely';

/**
 * Excel exports stored in the database (issue 20): any API process serves a download, whichever
 * made the file. The bytes go in chunks of 1 MiB (excel_trozos), so a download streams them one
 * query at a time; deleting an expired export's row deletes its chunks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table excel_archivos (
    nombre text primary key,
    empresa_id integer not null references empresas (id),
    tamano bigint not null default 0,
    trozos integer not null default 0,
    completo boolean not null default false,
    creado timestamptz not null default now(),
    expira timestamptz not null
  )`.execute(db);
  await sql`create index excel_archivos_expira on excel_archivos (expira)`.execute(db);
  await sql`create table excel_trozos (
    nombre text not null references excel_archivos (nombre) on delete cascade,
    n integer not null,
    datos bytea not null,
    primary key (nombre, n)
  )`.execute(db);
}
