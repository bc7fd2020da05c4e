import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type Rango, sumarDias } from '../../lib/fechas.ts';
import * as ventasDia from './ventasDia.ts';

/**
 * The sales report's count with chips by days and hours (ventas_chips_dia, migration 0026;
 * ventas_chips_hora, 0032): the days that can no longer change (ventasDia.completar's cut) are
 * counted once per scope and chips, and so are the hours of the days after them that can no
 * longer change; only the hours after those are read live.
 */

/** Instants [desde, hasta) as ISO text: a part of the live days counted by hours from `desde`. */
export interface Tramo {
  desde: string;
  hasta: string;
}

/**
 * Counts the top-ups of a range per part: per company-local day (`parte` yyyy-mm-dd), or, given
 * `horas`, only those within them per hour from their start (`parte` as `instante` prints it).
 */
export type ContarPor = (r: Rango, horas?: Tramo) => Promise<{ parte: string; n: number }[]>;

/** The hour from `desde` on that holds instant `t`, as `instante` prints it. */
export const horaDe = (t: RawBuilder<unknown>, desde: string) =>
  ventasDia.instante(ventasDia.horaQueContiene(t, sql`${desde}::timestamptz`));

export async function contar(db: Db, empresaId: number, r: Rango, clave: string, contarPor: ContarPor) {
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
        (await contarPor({ ...r, desde: faltan[0] as string, hasta: faltan.at(-1) as string })).map((f) => [
          f.parte,
          Number(f.n),
        ]),
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
  if (corte <= r.hasta) total += await contarHoras(db, empresaId, r, corte, clave, contarPor);
  return total;
}

/**
 * The days of `r` from the day cut `corte` on: by hours from their start (ventasDia.horasVivas).
 * The hours that can no longer change are counted once, the rest live, in one read of the rows
 * from the first hour not counted yet.
 */
async function contarHoras(
  db: Db,
  empresaId: number,
  r: Rango,
  corte: string,
  clave: string,
  contarPor: ContarPor,
) {
  const { instante } = ventasDia;
  const { rows } = await sql<{
    desde: string;
    corte: string;
    hasta: string;
    faltan: string[] | null;
    n: string;
  }>`with ${ventasDia.horasVivas(empresaId, r, corte)}
    select ${instante(sql`c.desde`)} as desde, ${instante(sql`c.corte`)} as corte, ${instante(sql`c.hasta`)} as hasta,
      (select array_agg(${instante(sql`h`)} order by h)
        from generate_series(c.desde, c.corte - interval '1 hour', interval '1 hour') h
        where not exists (select 1 from ventas_chips_hora v where v.empresa_id = ${empresaId}
          and v.zona = ${r.zona} and v.clave = ${clave} and v.hora = h)) as faltan,
      (select coalesce(sum(recargas), 0) from ventas_chips_hora v where v.empresa_id = ${empresaId}
        and v.zona = ${r.zona} and v.clave = ${clave} and v.hora >= c.desde and v.hora < c.corte) as n
    from c`.execute(db);
  const f = rows[0];
  if (!f) return 0;
  const faltan = f.faltan ?? [];
  const partes = await contarPor(r, { desde: faltan[0] ?? f.corte, hasta: f.hasta });
  const porHora = new Map(partes.map((p) => [p.parte, Number(p.n)]));
  const cuentas = faltan.map((h) => porHora.get(h) ?? 0);
  if (faltan.length > 0) {
    // An hour counted meanwhile by another request has the same count: the first one stays.
    await sql`insert into ventas_chips_hora (empresa_id, zona, clave, hora, recargas)
      select ${empresaId}, ${r.zona}, ${clave}, h, n from unnest(${faltan}::timestamptz[], ${cuentas}::int[]) as x(h, n)
      on conflict do nothing`.execute(db);
  }
  const vivas = partes.filter((p) => p.parte >= f.corte).reduce((s, p) => s + Number(p.n), 0);
  return Number(f.n) + cuentas.reduce((s, n) => s + n, 0) + vivas;
}

/**
 * The nightly job drops the day counts made over a week ago (chips nobody asks again go) and
 * the hour counts of days counted by day: two days old.
 */
export async function limpiar(db: Db) {
  await sql`delete from ventas_chips_dia where creada < now() - interval '7 days'`.execute(db);
  await sql`delete from ventas_chips_hora where hora < now() - interval '2 days'`.execute(db);
}
