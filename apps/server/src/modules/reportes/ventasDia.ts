import type { Periodo } from '@recargas/contracts/reportes';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { finSql, inicioSql, type Rango } from '../../lib/fechas.ts';
import type { Alcance } from './repo.ts';

/**
 * Day totals (ventas_dia, migration 0013): a range's count without chips and its charts add up
 * one row per day, leader and platform for the days that can no longer change, and read
 * recargas only for the days after them. A day can no longer change once it ended over an hour
 * ago (no transaction still holds a top-up of it: its `creada` is its transaction's start, and a
 * top-up's transaction lasts milliseconds) and none of its top-ups is open: top-ups are never
 * deleted or back-dated, and only an open one changes its outcome. The days after the cut
 * (today) are summed the same way by hours (ventas_hora, migration 0035), so the live part is
 * the last one or two hours: all of today grows with the data and with the day (issue 25; with
 * yesterday in it too, a chart at 10,000,000 top-ups read 20,540 rows at noon).
 */

/** An instant as text, to the second, in UTC: how hours are named in SQL and here. */
export const instante = (t: RawBuilder<unknown>) =>
  sql<string>`to_char((${t}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The first instant of the hour, counted in whole hours from `desde`, that holds instant `t`. */
export const horaQueContiene = (t: RawBuilder<unknown>, desde: RawBuilder<unknown>) =>
  sql`${desde} + floor(extract(epoch from ${t} - ${desde}) / 3600)::int * interval '1 hour'`;

/**
 * The days of `r` from the day cut `corte` on, by hours from their start, as a CTE `c`: `desde`
 * their first instant, `hasta` the range's end, `corte` the first hour that can still change (it
 * ended under an hour ago, or an open top-up is in or before it).
 */
export const horasVivas = (empresaId: number, r: Rango, corte: string) => sql`c as (
    select t.desde, t.hasta,
      least(t.hasta, greatest(t.desde, ${horaQueContiene(sql`t.limite`, sql`t.desde`)})) as corte
    from (select greatest(${inicioSql(r)}, ${corte}::date::timestamp at time zone ${r.zona}) as desde,
        ${finSql(r)} as hasta,
        least(now() - interval '1 hour', (select min(creada) from recargas_en_curso
          where empresa_id = ${empresaId})) as limite) t
  )`;

/**
 * Sums the days of the range before the cut that are not summed yet, and returns the cut: the
 * first day read live (today, yesterday in its first hour, or the day of the company's oldest
 * open top-up). One statement: a request that finds a day being summed by another waits for it
 * and adds nothing.
 */
export async function completar(db: Db, empresaId: number, r: Rango): Promise<string> {
  return (await completarDias(db, empresaId, r)).corte;
}

/** `completar`, and how many days it summed now (a replica may not have them yet). */
async function completarDias(db: Db, empresaId: number, r: Rango) {
  const z = r.zona;
  const res = await sql<{ corte: string; nuevos: number }>`with corte as (
      select least(((now() - interval '1 hour') at time zone ${z})::date,
        (select (min(creada) at time zone ${z})::date from recargas_en_curso
          where empresa_id = ${empresaId})) as dia
    ), faltan as (
      select d::date as dia from corte, generate_series(${r.desde}::date, least(corte.dia - 1, ${r.hasta}::date), interval '1 day') d
      except
      select dia from ventas_dia_hechos where empresa_id = ${empresaId} and zona = ${z} and dia >= ${r.desde}::date
    ), hechos as (
      insert into ventas_dia_hechos (empresa_id, zona, dia) select ${empresaId}, ${z}, dia from faltan
      on conflict do nothing returning dia
    ), limites as (
      select min(dia) as primero, max(dia) as ultimo from hechos
    ), sumas as (
      insert into ventas_dia (empresa_id, zona, dia, lider_id, plataforma, recargas, monto)
      select ${empresaId}, ${z}, (r.creada at time zone ${z})::date, coalesce(r.lider_id, 0),
        p.numero, count(*), coalesce(sum(r.monto) filter (where r.estado = 'exitosa'), 0)
      from limites, recargas r join proveedores p on p.id = r.proveedor_id
      where r.empresa_id = ${empresaId}
        and r.creada >= limites.primero::timestamp at time zone ${z}
        and r.creada < (limites.ultimo + 1)::timestamp at time zone ${z}
        and (r.creada at time zone ${z})::date in (select dia from hechos)
      group by 3, 4, 5
      returning 1
    )
    select to_char(dia, 'YYYY-MM-DD') as corte, (select count(*) from hechos)::int as nuevos from corte`.execute(
    db,
  );
  return res.rows[0] as { corte: string; nuevos: number };
}

/** Instants [desde, corte) of the hours summed for a range, and from `corte` on, read live. */
export interface Horas {
  desde: string;
  corte: string;
}

/**
 * Sums the hours of the days from the cut on that can no longer change and are not summed yet,
 * as `completar` does days, in one statement; returns which are summed.
 */
export async function completarHoras(
  db: Db,
  empresaId: number,
  r: Rango,
  corte: string,
): Promise<Horas & { nuevas: number }> {
  const z = r.zona;
  const res = await sql<Horas & { nuevas: number }>`with ${horasVivas(empresaId, r, corte)}, faltan as (
      select h from c, generate_series(c.desde, c.corte - interval '1 hour', interval '1 hour') h
      except
      select hora from ventas_hora_hechos where empresa_id = ${empresaId} and zona = ${z}
        and hora >= (select desde from c)
    ), hechas as (
      insert into ventas_hora_hechos (empresa_id, zona, hora) select ${empresaId}, ${z}, h from faltan
      on conflict do nothing returning hora
    ), sumas as (
      insert into ventas_hora (empresa_id, zona, hora, lider_id, plataforma, recargas, monto)
      select ${empresaId}, ${z}, h.hora, coalesce(r.lider_id, 0), p.numero, count(*),
        coalesce(sum(r.monto) filter (where r.estado = 'exitosa'), 0)
      from hechas h join recargas r on r.empresa_id = ${empresaId} and r.creada >= h.hora
        and r.creada < h.hora + interval '1 hour'
      join proveedores p on p.id = r.proveedor_id
      group by 3, 4, 5
      returning 1
    )
    select ${instante(sql`c.desde`)} as desde, ${instante(sql`c.corte`)} as corte,
      (select count(*) from hechas)::int as nuevas from c`.execute(db);
  return res.rows[0] as Horas & { nuevas: number };
}

/**
 * Both, on the primary: the day cut, and the hours summed after it; and where to read the sums
 * from. A read replica (`lee`) serves unless this call summed days or hours it may not have
 * replayed yet.
 */
async function completarTodo(d: Destinos, empresaId: number, r: Rango) {
  const { corte, nuevos } = await completarDias(d.escribe, empresaId, r);
  const horas = await completarHoras(d.escribe, empresaId, r, corte);
  return { corte, horas, lee: nuevos + horas.nuevas > 0 ? d.escribe : d.lee };
}

/** Where the sums are written (the primary) and read (a replica, or the primary too). */
export interface Destinos {
  escribe: Db;
  lee: Db;
}

/** The summed part: the range's days before the cut. */
const sumados = (empresaId: number, r: Rango, corte: string) =>
  sql`v.empresa_id = ${empresaId} and v.zona = ${r.zona} and v.dia >= ${r.desde}::date
    and v.dia < least(${corte}::date, ${r.hasta}::date + 1)`;

/** The hours summed after the days. */
const horasSumadas = (empresaId: number, r: Rango, h: Horas) =>
  sql`v.empresa_id = ${empresaId} and v.zona = ${r.zona} and v.hora >= ${h.desde}::timestamptz
    and v.hora < ${h.corte}::timestamptz`;

/** The live part: top-ups from the first hour not summed on. */
const vivas = (r: Rango, h: Horas) => sql`r.creada >= ${h.corte}::timestamptz and r.creada < ${finSql(r)}`;

/** Top-ups of a company or a leader, and a platform (no chips): the summed days and hours plus the live ones. */
export async function contar(d: Destinos, a: Omit<Alcance, 'usuarioId'>, r: Rango): Promise<number> {
  const { corte, horas, lee } = await completarTodo(d, a.empresaId, r);
  const filtro = (lider: RawBuilder<unknown>, plataforma: RawBuilder<unknown>) =>
    sql.join(
      [
        ...(a.liderId !== undefined ? [sql`${lider} = ${a.liderId}`] : []),
        ...(a.plataforma !== undefined ? [sql`${plataforma} = ${a.plataforma}`] : []),
        sql`true`,
      ],
      sql` and `,
    );
  const res = await sql<{ n: number }>`select
      (select coalesce(sum(recargas), 0) from ventas_dia v
        where ${sumados(a.empresaId, r, corte)} and ${filtro(sql`v.lider_id`, sql`v.plataforma`)})
      + (select coalesce(sum(recargas), 0) from ventas_hora v
        where ${horasSumadas(a.empresaId, r, horas)} and ${filtro(sql`v.lider_id`, sql`v.plataforma`)})
      + (select count(*) from recargas r
        where r.empresa_id = ${a.empresaId} and ${vivas(r, horas)}
          and ${filtro(sql`r.lider_id`, sql`(select p.numero from proveedores p where p.id = r.proveedor_id)`)}) as n`.execute(
    lee,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** Amount of successful top-ups and count of attempts per leader and period (the charts). */
export async function graficas(d: Destinos, empresaId: number, r: Rango, periodo: Periodo) {
  const { corte, horas, lee } = await completarTodo(d, empresaId, r);
  const unidad = { anual: 'year', mensual: 'month', semanal: 'week', diario: 'day' }[periodo];
  const formato = { anual: 'YYYY', mensual: 'YYYY/MM', semanal: 'YYYY/MM/DD', diario: 'YYYY/MM/DD' }[periodo];
  const res = await sql<{
    idLider: number;
    lider: string;
    username: string;
    periodo: string;
    monto: string;
    recargas: string;
  }>`select l.id as "idLider", l.nombre as lider,
      coalesce((select min(u.username) from usuarios u where u.lider_id = l.id and u.nivel = 2 and u.eliminado is null), '') as username,
      t.periodo, sum(d.monto) as monto, sum(d.recargas) as recargas
    from (
      select v.lider_id, v.dia, v.monto, v.recargas from ventas_dia v
        where ${sumados(empresaId, r, corte)} and v.lider_id <> 0
      union all
      select v.lider_id, (v.hora at time zone ${r.zona})::date, v.monto, v.recargas from ventas_hora v
        where ${horasSumadas(empresaId, r, horas)} and v.lider_id <> 0
      union all
      select r.lider_id, (r.creada at time zone ${r.zona})::date,
          coalesce(sum(r.monto) filter (where r.estado = 'exitosa'), 0), count(*)
        from recargas r
        where r.empresa_id = ${empresaId} and ${vivas(r, horas)} and r.lider_id is not null
        group by 1, 2
    ) as d
    cross join lateral (select to_char(date_trunc(${sql.lit(unidad)}, d.dia::timestamp), ${sql.lit(formato)}) as periodo) as t
    join lideres l on l.id = d.lider_id
    group by l.id, l.nombre, t.periodo
    order by l.nombre, t.periodo`.execute(lee);
  return res.rows;
}

/** The nightly job drops the hour totals two days old: their days are summed by day. */
export async function limpiar(db: Db) {
  await sql`delete from ventas_hora where hora < now() - interval '2 days'`.execute(db);
  await sql`delete from ventas_hora_hechos where hora < now() - interval '2 days'`.execute(db);
}
