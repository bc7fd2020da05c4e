import type { ColumnaLinea, FiltrosLineas } from '@recargas/contracts/lineas';
import { CONTEO_LINEAS_MAX } from '@recargas/contracts/lineas';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { columnasConChips, condicionChips } from '../../lib/chips.ts';
import { finSql, inicioSql } from '../../lib/fechas.ts';
import { type Comunes, SIN_COMUNES, trigramasRaros } from '../../lib/trigramas.ts';
import { type Alcance, conPlanPropio, consulta, type Rango, textoColumna } from './repo.ts';

/** A count: exact, or `masDe` when more than CONTEO_LINEAS_MAX lines match. */
export interface Conteo {
  total: number;
  masDe: boolean;
}

/** The columns the day totals (migration 0024) hold: a chip on them is answered there. */
const EN_TOTALES: readonly ColumnaLinea[] = ['lider', 'cliente', 'compania', 'plataforma'];

/** Whether a range with these chips is counted from the day totals. */
export const desdeTotales = (filtros: FiltrosLineas) =>
  columnasConChips(filtros).every(([c]) => EN_TOTALES.includes(c));

/**
 * The day totals of a range, as rows `l` shaped like lines (none is null again), with the same
 * names `ld` and `cl` the page joins: each chip is the same text test as on the lines.
 */
export async function contarPorTotales(db: Db, a: Alcance, r: Rango, filtros: FiltrosLineas) {
  const chips = condicionChips(filtros, (c) => textoColumna(c, r.zona)) ?? sql<SqlBool>`true`;
  const res = await sql<{ n: string }>`select coalesce(sum(l.n), 0) as n
    from (select t.n, nullif(t.lider_id, 0) as lider_id, nullif(t.cliente_id, 0) as cliente_id, t.compania,
        nullif(t.plataforma, 0) as plataforma
      from lineas_dia t
      where t.empresa_id = ${a.empresaId} and t.dia between ${r.desde}::date and ${r.hasta}::date
        ${a.liderId === undefined ? sql`` : sql`and t.lider_id = ${a.liderId}`}) l
    left join lideres ld on ld.id = l.lider_id
    left join clientes cl on cl.id = l.cliente_id
    where ${chips}`.execute(db);
  return Number(res.rows[0]?.n ?? 0);
}

/** One chip on the number, of letters and digits with a trigram not common: counted by months. */
function porMeses(filtros: FiltrosLineas, comunes: Comunes) {
  const [v, ...otros] = filtros.dn ?? [];
  const raros = v === undefined || otros.length > 0 ? undefined : trigramasRaros(v, comunes.get('dn'));
  return v && raros ? { v: v.toLowerCase(), raros } : undefined;
}

/**
 * The lines themselves, counted up to one past the bound, in a plan made for the values
 * (conPlanPropio): a generic plan expects the bound to be reached soon, so it walked a year of
 * lines by date fetching each row (10 s for 3,821 matches of 1,000,000 lines in bench:lines)
 * where the planner, shown the chip and the range, reads them through the trigram index.
 * A chip on the number is counted month by month, newest first (migration 0034): each month's
 * lines are found by that month's trigrams, and the months after the bound is reached are not
 * read (10,000,000 lines, dn=5512 over a year: one month's lists, not the year's).
 */
export async function contarFilas(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: FiltrosLineas,
  hasta: number,
  comunes = SIN_COMUNES,
) {
  const meses = porMeses(filtros, comunes);
  const f = await conPlanPropio(db, async (tx) => {
    if (!meses) {
      return tx
        .selectFrom(
          consulta(tx, a, r, filtros, comunes)
            .select(sql`1`.as('x'))
            .limit(hasta + 1)
            .as('f'),
        )
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    }
    const { dn: _, ...resto } = filtros;
    // Each month's lines with the chip's trigrams, then the whole value; LIMIT keeps it a
    // subquery of its own, asked once per month. Months without lines of the company are not
    // asked (a range of 2000 to 2100 is 1,200 months).
    const delMes = consulta(tx, a, r, resto, comunes)
      .select(sql`1`.as('x'))
      .where(
        sql<SqlBool>`trigramas_por_mes(l.dn, l.fecha_subida) @> array[${sql.join(meses.raros.map((t) => sql`m.mes || ${t}`))}]::text[]`,
      )
      .where(sql<SqlBool>`strpos(lower(l.dn), ${meses.v}) > 0`)
      .limit(hasta + 1);
    const res = await sql<{ n: string }>`select count(*) as n from (
        select 1 from (select to_char(m, 'YYYYMM') as mes
          from (select min(fecha_subida) as primera, max(fecha_subida) as ultima from lineas
            where empresa_id = ${a.empresaId}) b,
          generate_series(date_trunc('month', least(${finSql(r)} - interval '1 microsecond', b.ultima) at time zone 'UTC'),
            date_trunc('month', greatest(${inicioSql(r)}, b.primera) at time zone 'UTC'), interval '-1 month') m) m
        cross join lateral (${delMes}) x
        limit ${hasta + 1}) f`.execute(tx);
    return res.rows[0] ?? { n: '0' };
  });
  return Number(f.n);
}

/**
 * 'N encontrados': from the day totals when the chips are on their columns (or none); else the
 * lines (free text: number, ICC, names, dates), stopping past CONTEO_LINEAS_MAX.
 */
export async function contar(
  db: Db,
  a: Alcance,
  r: Rango,
  filtros: FiltrosLineas,
  comunes = SIN_COMUNES,
): Promise<Conteo> {
  if (desdeTotales(filtros)) return { total: await contarPorTotales(db, a, r, filtros), masDe: false };
  const n = await contarFilas(db, a, r, filtros, CONTEO_LINEAS_MAX, comunes);
  return n > CONTEO_LINEAS_MAX ? { total: CONTEO_LINEAS_MAX, masDe: true } : { total: n, masDe: false };
}
