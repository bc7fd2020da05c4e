import { M } from '@recargas/contracts/mensajes';
import { type SqlBool, sql } from 'kysely';
import { ErrorApi } from './errores.ts';

/**
 * Keyset position of a list ordered by time: the exact time (UTC text with microseconds) and id;
 * `porFecha` carries the way its first page was read (lineas/repo.ts, Plan) to the next pages.
 */
export interface Cursor {
  k: string;
  id: number;
  porFecha?: boolean;
}

export const codificarCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify(c.porFecha ? [c.k, c.id, 1] : [c.k, c.id])).toString('base64url');

/** The `after` a client sends back; anything that is not a cursor of ours is a 400. */
export function decodificarCursor(texto: string): Cursor {
  try {
    const v = JSON.parse(Buffer.from(texto, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(v) &&
      (v.length === 2 || (v.length === 3 && v[2] === 1)) &&
      typeof v[0] === 'string' &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(v[0]) &&
      Number.isSafeInteger(v[1]) &&
      v[1] > 0
    ) {
      return v.length === 3 ? { k: v[0], id: v[1], porFecha: true } : { k: v[0], id: v[1] };
    }
  } catch {}
  throw new ErrorApi(400, M.cursorInvalido);
}

/** The `k` of a row's cursor: its time column as UTC text with microseconds. */
export const claveCursor = (fecha: string) =>
  sql<string>`to_char(${sql.ref(fecha)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;

/** The rows after `c` in a list ordered newest first by (fecha, id). */
export const despuesDe = (fecha: string, id: string, c: Cursor) =>
  sql<SqlBool>`(${sql.ref(fecha)}, ${sql.ref(id)}) < (${c.k}::timestamp at time zone 'UTC', ${c.id}::bigint)`;

/** A page of `limite` rows read with one more (there is a next page when it came) and its cursor. */
export function paginaDe<F extends { k: string; id: number }>(filas: F[], limite: number) {
  const pagina = filas.slice(0, limite);
  const ultima = pagina.at(-1);
  const siguiente = filas.length > limite && ultima ? codificarCursor({ k: ultima.k, id: ultima.id }) : null;
  return { pagina, siguiente };
}
