import { diaConDiagonales, diaEn } from '@recargas/contracts/fechas';
import { sql } from 'kysely';

/** Today in a time zone, yyyy-mm-dd: the day is cut at midnight of `zona` (contracts/fechas). */
export const hoyEn = (zona: string, ahora = new Date()) => diaEn(ahora, zona);

/** yyyy-mm-dd moved by whole days (calendar arithmetic in UTC, no time-zone drift). */
export const sumarDias = (dia: string, dias: number) =>
  new Date(Date.parse(`${dia}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/** yyyy-mm-dd from day, month and year, or undefined when that day does not exist. */
export function diaDe(dia: number, mes: number, anio: number): string | undefined {
  const d = new Date(Date.UTC(anio, mes - 1, dia));
  if (d.getUTCFullYear() !== anio || d.getUTCMonth() !== mes - 1 || d.getUTCDate() !== dia) return undefined;
  return d.toISOString().slice(0, 10);
}

export const conDiagonales = diaConDiagonales;

/** A range of whole company-local days, yyyy-mm-dd, both ends included, in the company's zone. */
export interface Rango {
  desde: string;
  hasta: string;
  zona: string;
}

/** [start, end) instants of a day range in SQL, so a (empresa_id, time) index does the rest. */
export const inicioSql = (r: Rango) => sql`(${r.desde}::date)::timestamp at time zone ${r.zona}`;
export const finSql = (r: Rango) => sql`(${r.hasta}::date + 1)::timestamp at time zone ${r.zona}`;

/**
 * A default range of the screens (spec section 9): from the same day `meses` months back,
 * capped at 27, to today.
 */
export function rangoMesesAtras(
  zona: string,
  meses: number,
  ahora = new Date(),
): { desde: string; hasta: string } {
  const hasta = hoyEn(zona, ahora);
  const [a, m, d] = hasta.split('-').map(Number) as [number, number, number];
  const inicio = new Date(Date.UTC(a, m - 1 - meses, Math.min(d, 27)));
  return { desde: inicio.toISOString().slice(0, 10), hasta };
}
