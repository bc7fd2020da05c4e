import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { patronSubcadena } from './chips.ts';

/**
 * Trigrams found in more than this share of a column's values. A trigram GIN lookup reads the
 * posting list of every trigram of the pattern, and one nearly every value holds (the '8952' of
 * Mexican ICCs, the zeros of a serial) is as long as the table: 10,000,000 lines, chip
 * icc=000123, 27 ms of its 30 in the list of '000' (issue 25).
 */
const COMUN = 0.05;
const VIGENCIA_MS = 10 * 60_000;

/** Per column, the trigrams too common to look up. */
export type Comunes = ReadonlyMap<string, ReadonlySet<string>>;
export const SIN_COMUNES: Comunes = new Map();

const guardadas = new WeakMap<Db, Map<string, { hasta: number; comunes: Promise<Comunes> }>>();

/** The trigrams of a text as pg_trgm takes them from a LIKE pattern of letters and digits. */
const trigramasDe = (t: string) =>
  Array.from({ length: Math.max(0, t.length - 2) }, (_, i) => t.slice(i, i + 3));

/**
 * The common trigrams of `columnas` of `tabla`, from the sample ANALYZE keeps (pg_stats'
 * histogram); none before the table has been analysed. Kept for ten minutes per database.
 */
export function comunesDe(db: Db, tabla: string, columnas: readonly string[]): Promise<Comunes> {
  const deDb = guardadas.get(db) ?? new Map();
  guardadas.set(db, deDb);
  const clave = `${tabla}:${columnas.join()}`;
  const g = deDb.get(clave);
  if (g && g.hasta > Date.now()) return g.comunes;
  const comunes = leer(db, tabla, columnas).catch(() => SIN_COMUNES);
  deDb.set(clave, { hasta: Date.now() + VIGENCIA_MS, comunes });
  return comunes;
}

async function leer(db: Db, tabla: string, columnas: readonly string[]): Promise<Comunes> {
  const r = await sql<{ columna: string; valores: string[] | null }>`
    select attname as columna, histogram_bounds::text::text[] as valores from pg_stats
    where schemaname = current_schema() and tablename = ${tabla} and attname = any(${columnas}::text[])`.execute(
    db,
  );
  const comunes = new Map<string, Set<string>>();
  for (const { columna, valores } of r.rows) {
    if (!valores?.length) continue;
    const veces = new Map<string, number>();
    for (const v of valores) {
      for (const t of new Set(trigramasDe(v.toLowerCase()))) veces.set(t, (veces.get(t) ?? 0) + 1);
    }
    comunes.set(columna, new Set([...veces].filter(([, n]) => n > valores.length * COMUN).map(([t]) => t)));
  }
  return comunes;
}

/**
 * The trigrams of a chip `valor` that are not common, lowercase; undefined for a value of other
 * than letters and digits (pg_trgm splits those into words) or with no such trigram.
 */
export function trigramasRaros(valor: string, comunes: ReadonlySet<string> = new Set()) {
  const v = valor.toLowerCase();
  if (!/^[\p{L}\p{N}]+$/u.test(v)) return undefined;
  const raros = [...new Set(trigramasDe(v))].filter((t) => !comunes.has(t));
  return raros.length > 0 ? raros : undefined;
}

/**
 * A chip `valor` on `columna` looked up by its rarer parts: a LIKE for each run of the value
 * without a common trigram (each is in every match), then the value itself with strpos, which no
 * index takes. undefined where that gains nothing: no common trigram, only common ones, or a
 * value of other than letters and digits (pg_trgm splits those into words).
 */
export function porPartesRaras(
  columna: RawBuilder<unknown>,
  valor: string,
  comunes: ReadonlySet<string> = new Set(),
) {
  const v = valor.toLowerCase();
  if (!/^[\p{L}\p{N}]+$/u.test(v)) return undefined;
  const trigramas = trigramasDe(v);
  if (!trigramas.some((t) => comunes.has(t)) || trigramas.every((t) => comunes.has(t))) return undefined;
  const partes: string[] = [];
  let desde = -1;
  trigramas.forEach((t, i) => {
    if (!comunes.has(t) && desde < 0) desde = i;
    if (desde >= 0 && (comunes.has(t) || i === trigramas.length - 1)) {
      partes.push(v.slice(desde, comunes.has(t) ? i + 2 : i + 3));
      desde = -1;
    }
  });
  return sql`(${sql.join(
    partes.map((p) => sql`${columna} ilike ${patronSubcadena(p)}`),
    sql` and `,
  )} and strpos(lower(${columna}), ${v}) > 0)`;
}
