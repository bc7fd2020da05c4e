import type { ReactNode } from 'react';

/** One column of a list: its header, its cell, and where a phone's card shows it. */
export interface Columna<F> {
  llave: string;
  valor: string;
  /** The cell of one row; `indice` is the row's place in the list (0 first). */
  celda?: (fila: F, indice: number) => ReactNode;
  /**
   * Place on a card's first line (1 first) under 600 px: what the user came for (number,
   * amount, status, date). Unmarked columns show below it, each with its title.
   */
  primera?: number;
  /** The row's buttons (pencil, Recargar...): a card shows them together under its fields. */
  accion?: boolean;
}

/** What a cell shows: its own drawing, or the row's field of that name. */
export const contenido = <F>(c: Columna<F>, fila: F, indice: number): ReactNode =>
  c.celda ? c.celda(fila, indice) : String((fila as Record<string, unknown>)[c.llave] ?? '');

/** A cell with nothing to show: a card leaves out its title too. */
export const vacia = (v: ReactNode) => v === '' || v === null || v === undefined || v === false;

/** The columns as a card lays them out; with none marked, the first column opens the card. */
export function partesTarjeta<F>(columnas: readonly Columna<F>[]) {
  const marcadas = columnas
    .filter((c) => c.primera !== undefined)
    .sort((a, b) => (a.primera ?? 0) - (b.primera ?? 0));
  const datos = columnas.filter((c) => !c.accion);
  const primeras = marcadas.length > 0 ? marcadas : datos.slice(0, 1);
  return {
    primeras,
    resto: datos.filter((c) => !primeras.includes(c)),
    acciones: columnas.filter((c) => c.accion),
  };
}
export type PartesTarjeta<F> = ReturnType<typeof partesTarjeta<F>>;
