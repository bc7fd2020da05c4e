import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import type { LineasTable } from '../src/db/schema.ts';
import { hoyEn, sumarDias } from '../src/lib/fechas.ts';
import type { Sesion } from './entorno.ts';
import { nuevaLinea } from './lineas-prueba.ts';
import { pedir } from './peticion.ts';
import { e } from './reciclaje-entorno.ts';

/** Helpers of the recycling test files: calls, lines made and read, the whole pending list. */
interface LineaApi {
  id: number;
  icc: string;
  dn: string;
  lider: number;
  liderNombre: string;
  cliente: number;
  clienteNombre: string;
  fechaVigencia: string | null;
}

export const hoy = hoyEn('America/Mexico_City');

/** A line of `empresa`; by default pending (a number, validity ended ten days ago). */
export const linea = (empresa: number, campos: Partial<Insertable<LineasTable>> = {}) =>
  nuevaLinea(e, '8952777', {
    empresa_id: empresa,
    monto: 50,
    fecha_vigencia: sumarDias(hoy, -10),
    ...campos,
  });

/** Every page of the pending list, 7 rows a page; the count comes on the first page only. */
export async function pendientes(s: Sesion) {
  const filas: LineaApi[] = [];
  let after: string | null = null;
  let total: number | null = null;
  do {
    const r = await pedir(
      e.app,
      s,
      'GET',
      `/api/recicladas/pendientesPorReciclar?limit=7${after ? `&after=${after}` : ''}`,
    );
    expect(r.statusCode).toBe(200);
    const b = r.json();
    if (after === null) total = b.total;
    else expect(b.total).toBeNull();
    filas.push(...b.lineas);
    after = b.siguiente;
  } while (after);
  return { filas, total };
}

export const lineaDb = (id: number) =>
  e.db.selectFrom('lineas').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
