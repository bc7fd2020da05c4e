import { type Kysely, sql } from 'kysely';

/**
 * Day totals of lines (issue 25): how many lines a company uploaded per day of its time zone,
 * leader, client, carrier and platform (0 for none), so that Administrar base counts a range,
 * with or without chips on those columns, by adding a few hundred rows instead of reading every
 * line. Kept by statement-level triggers with transition tables, in the same transaction as
 * every write of `lineas` (uploads, edits, recycling, undo, hand edits): one grouped upsert per
 * statement, whatever its number of rows. A change of a company's time zone sums it again.
 */
const CLAVE = 'empresa_id, dia, lider_id, cliente_id, compania, plataforma';

/** The rows of a transition table as (key, n): each line counts `signo`. */
const filas = (tabla: string, signo: number, donde = 'true') => `select l.empresa_id,
    (l.fecha_subida at time zone coalesce(e.ajustes->>'zonaHoraria', 'America/Mexico_City'))::date as dia,
    coalesce(l.lider_id, 0) as lider_id, coalesce(l.cliente_id, 0) as cliente_id, l.compania,
    coalesce(l.plataforma, 0)::smallint as plataforma, ${signo} as n
  from ${tabla} l join empresas e on e.id = l.empresa_id where ${donde}`;

/** Adds the grouped rows to the totals; ordered, so two writers lock the totals in one order. */
const sumar = (origen: string) => `insert into lineas_dia as t (${CLAVE}, n)
  select ${CLAVE}, sum(n) from (${origen}) d group by ${CLAVE} having sum(n) <> 0 order by ${CLAVE}
  on conflict (${CLAVE}) do update set n = t.n + excluded.n`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table lineas_dia (
      empresa_id integer not null references empresas(id) on delete cascade,
      dia date not null,
      lider_id integer not null,
      cliente_id integer not null,
      compania text not null,
      plataforma smallint not null,
      n integer not null,
      constraint lineas_dia_pk primary key (empresa_id, dia, lider_id, cliente_id, compania, plataforma)
    )`.execute(db);
  // A leader's own count (level 2) reads only its rows.
  await sql`create index lineas_dia_lider on lineas_dia (empresa_id, lider_id, dia)`.execute(db);
  await sql
    .raw(`create function lineas_dia_sumar() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sumar(filas('nuevas', 1))};
      elsif tg_op = 'DELETE' then
        ${sumar(filas('viejas', -1))};
      else
        ${sumar(`${filas('nuevas', 1)} union all ${filas('viejas', -1)}`)};
      end if;
      return null;
    end $$`)
    .execute(db);
  for (const [op, tablas] of [
    ['insert', 'new table as nuevas'],
    ['update', 'old table as viejas new table as nuevas'],
    ['delete', 'old table as viejas'],
  ] as const) {
    await sql
      .raw(`create trigger lineas_dia_${op} after ${op} on lineas
      referencing ${tablas} for each statement execute function lineas_dia_sumar()`)
      .execute(db);
  }
  // A company's days are those of its time zone: a new zone sums its lines again.
  await sql
    .raw(`create function lineas_dia_rehacer() returns trigger language plpgsql as $$
    begin
      delete from lineas_dia where empresa_id = new.id;
      ${sumar(filas('lineas', 1, 'l.empresa_id = new.id'))};
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger lineas_dia_zona after update of ajustes on empresas for each row
    when (old.ajustes->>'zonaHoraria' is distinct from new.ajustes->>'zonaHoraria')
    execute function lineas_dia_rehacer()`.execute(db);
  // Lines already there (an existing database).
  await sql.raw(sumar(filas('lineas', 1))).execute(db);
}
