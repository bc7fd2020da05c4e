import { sql } from 'kysely';
import { e } from './demo-entorno.ts';
import type { Sesion } from './entorno.ts';
import { pedir } from './peticion.ts';
import { formulario, libro } from './xlsx-prueba.ts';

/** Helpers of the upload test files: upload a file, and read what it wrote. */

let n = 0;
/** A fresh ICC, prefix 8952333. */
export const icc = () => `8952333${String(100_000_000_000 + ++n).slice(-12)}`;

export const subir = (
  s: Sesion,
  campos: Record<string, string>,
  archivo?: { nombre: string; datos: Buffer },
) => {
  const f = formulario(campos, archivo);
  return pedir(e.app, s, 'POST', '/subirArchivo', f.payload, { cabeceras: f.headers });
};
export const xlsx = async (filas: unknown[][]) => ({ nombre: 'lineas.xlsx', datos: await libro(filas) });
/** How many lines the inventory holds, every company's. */
export const cuantas = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from lineas`.execute(e.db)).rows[0]?.n);
export const lineaDe = (i: string) =>
  e.db.selectFrom('lineas').selectAll().where('icc', '=', i).executeTakeFirst();

export interface Fila {
  fila: number;
  estado: string;
  celdas: { llave: string; valor: string; isCorrecto: boolean; mensaje?: string }[];
}
export const malas = (f: Fila) => f.celdas.filter((c) => !c.isCorrecto).map((c) => [c.llave, c.mensaje]);
