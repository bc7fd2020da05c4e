import { type Carrier, CODIGOS_CARRIER } from '@recargas/contracts/carriers';
import { M, texto } from '@recargas/contracts/mensajes';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { ErrorApi } from '../../lib/errores.ts';
import * as lineas from '../lineas/service.ts';
import * as repo from './repo.ts';

/**
 * Writing bulk top-up blocks (from service.ts, to keep it under 400 lines): the rows of an
 * upload of action 4, and the demo blocks of the seed. A row's amount is any positive one up to
 * 100,000 here: the upload has already refused one the company does not sell (lineas/subida.ts,
 * montoDeSubida), and the top-up checks it again when the line is recharged.
 */

/** Largest block one upload makes. */
export const MAX_LINEAS_BLOQUE = 100_000;

const filaBloque = z.object({
  icc: z.string().regex(/^[0-9]{1,20}$/),
  dn: z.string().regex(/^[0-9]{0,13}$/),
  monto: z.number().int().positive().max(100_000).nullable(),
  compania: z.enum(CODIGOS_CARRIER as [Carrier, ...Carrier[]]),
  nombre: z.string().max(100),
});
export type FilaBloque = z.input<typeof filaBloque>;

export async function escribirBloque(
  db: Db,
  empresaId: number,
  usuarioId: number | null,
  filas: FilaBloque[],
) {
  if (filas.length === 0) throw new ErrorApi(400, M.bloqueVacio);
  if (filas.length > MAX_LINEAS_BLOQUE)
    throw new ErrorApi(400, texto('bloqueDemasiadasLineas', { max: MAX_LINEAS_BLOQUE }));
  const validas = filas.map((f, i) => {
    const r = filaBloque.safeParse(f);
    if (!r.success)
      throw new ErrorApi(
        400,
        texto('lineaMasivaInvalida', {
          n: i + 1,
          detalle: r.error.issues.map((x) => x.path.join('.')).join(', '),
        }),
      );
    return r.data;
  });
  const bloque = await db.transaction().execute(async (tx) => {
    const b = await repo.insertarBloque(tx, empresaId, usuarioId, Date.now());
    await repo.insertarLineas(tx, empresaId, b.id, validas);
    if (usuarioId !== null) {
      for (let i = 0; i < validas.length; i += 2000) {
        await lineas.insertarNuevas(
          tx,
          validas.slice(i, i + 2000).map((f) => ({
            empresa_id: empresaId,
            icc: f.icc,
            dn: f.dn,
            compania: f.compania,
            monto: f.monto,
            lider_id: null,
            cliente_id: null,
            nir: null,
            fecha_vigencia: null,
            plataforma: null,
            subido_por: usuarioId,
            fecha_entrega: null,
            producto: null,
            fecha_portada: null,
          })),
        );
      }
    }
    return b;
  });
  return bloque.fecha_numerica;
}
