import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type Rango, sumarDias } from '../../lib/fechas.ts';
import * as ventasDia from './ventasDia.ts';

/**
 * The sales report's count with chips by days (ventas_chips_dia, migration 0026): the days that
 * can no longer change (ventasDia.completar's cut) are counted once per scope and chips, the days
 * after them are read live. `contarPorDia` counts the top-ups of a range per company-local day.
 */
export async function contar(
  db: Db,
  empresaId: number,
  r: Rango,
  clave: string,
  contarPorDia: (r: Rango) => Promise<{ dia: string; n: number }[]>,
): Promise<number> {
  const corte = await ventasDia.completar(db, empresaId, r);
  const ultimo = [sumarDias(corte, -1), r.hasta].sort()[0] as string;
  let total = 0;
  if (r.desde <= ultimo) {
    // One read: the days of the range not counted yet, and the sum of those that are.
    const { rows } = await sql<{ faltan: string[] | null; n: string }>`select
        (select array_agg(to_char(d, 'YYYY-MM-DD') order by d)
          from generate_series(${r.desde}::date, ${ultimo}::date, interval '1 day') d
          where not exists (select 1 from ventas_chips_dia v where v.empresa_id = ${empresaId}
            and v.zona = ${r.zona} and v.clave = ${clave} and v.dia = d::date)) as faltan,
        (select coalesce(sum(recargas), 0) from ventas_chips_dia where empresa_id = ${empresaId}
          and zona = ${r.zona} and clave = ${clave} and dia between ${r.desde}::date and ${ultimo}::date) as n`.execute(
      db,
    );
    const faltan = rows[0]?.faltan ?? [];
    total += Number(rows[0]?.n ?? 0);
    if (faltan.length > 0) {
      const porDia = new Map(
        (await contarPorDia({ ...r, desde: faltan[0] as string, hasta: faltan.at(-1) as string })).map(
          (f) => [f.dia, Number(f.n)],
        ),
      );
      const cuentas = faltan.map((d) => porDia.get(d) ?? 0);
      // A day counted meanwhile by another request has the same count: the first one stays.
      await sql`insert into ventas_chips_dia (empresa_id, zona, clave, dia, recargas)
        select ${empresaId}, ${r.zona}, ${clave}, d::date, n
        from unnest(${faltan}::date[], ${cuentas}::int[]) as x(d, n)
        on conflict do nothing`.execute(db);
      total += cuentas.reduce((s, n) => s + n, 0);
    }
  }
  if (corte <= r.hasta) {
    const vivos = await contarPorDia({ ...r, desde: [corte, r.desde].sort().at(-1) as string });
    total += vivos.reduce((s, f) => s + Number(f.n), 0);
  }
  return total;
}

/** The nightly job drops the counts made over a week ago: chips nobody asks again go. */
export const limpiar = (db: Db) =>
  sql`delete from ventas_chips_dia where creada < now() - interval '7 days'`.execute(db);
