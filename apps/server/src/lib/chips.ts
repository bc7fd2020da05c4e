import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

/** A LIKE pattern that matches `valor` literally anywhere: %, _ and \ lose their meaning. */
export const patronSubcadena = (valor: string) => `%${valor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns that carry at least one chip, with their values. */
export const columnasConChips = <K extends string>(filtros: Partial<Record<K, string[]>>) =>
  (Object.entries(filtros) as [K, string[] | undefined][]).filter(
    (c): c is [K, string[]] => (c[1]?.length ?? 0) > 0,
  );

export const hayChips = <K extends string>(filtros: Partial<Record<K, string[]>>) =>
  columnasConChips(filtros).length > 0;

/**
 * Chip filters in SQL: OR within a column, AND across columns, each value a case-insensitive
 * substring of the text the screen shows for that column (`texto`).
 */
export function condicionChips<K extends string>(
  filtros: Partial<Record<K, string[]>>,
  texto: (columna: K) => RawBuilder<unknown>,
  /** A column's own test for a value (and its pattern), where it has a faster one than the text's. */
  propia?: (columna: K, patron: string, valor: string) => RawBuilder<unknown> | undefined,
): Expression<SqlBool> | undefined {
  const columnas = columnasConChips(filtros);
  if (columnas.length === 0) return undefined;
  return sql<SqlBool>`(${sql.join(
    columnas.map(
      ([col, valores]) =>
        sql`(${sql.join(
          valores.map((v) => {
            const patron = patronSubcadena(v);
            return propia?.(col, patron, v) ?? sql`${texto(col)} ilike ${patron} escape '\\'`;
          }),
          sql` or `,
        )})`,
    ),
    sql` and `,
  )})`;
}
