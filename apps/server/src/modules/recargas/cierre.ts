import type { CodigoFalla } from '@recargas/contracts/recargas/fallas';
import type { Ctx } from '../../contexto.ts';
import type { ResultadoConsulta } from '../../providers/puerto.ts';
import type * as auditoria from '../auditoria/service.ts';
import * as lineas from '../lineas/service.ts';
import * as repo from './repo.ts';
import * as escritura from './repo-escritura.ts';
import type { Envio } from './respaldo.ts';
import { mensajeExito } from './respuesta.ts';

/** How a top-up closes: the provider's decision applied, with its line, count, trail and event. */

/** The webhook event of an API top-up, from its row as the close leaves it (integraciones). */
export type HacerEvento = (f: repo.Recarga) => escritura.Evento;

/** Applies a provider's decision; an undecided answer leaves the row open for reconciliation. */
export async function resolver(
  ctx: Ctx,
  fila: repo.Recarga,
  r: Envio['r'] | ResultadoConsulta,
  q: auditoria.Actor,
  evento?: HacerEvento,
) {
  if (r.estado === 'aceptada') return exitosa(ctx, fila, r.folio, q, evento);
  if (r.estado === 'rechazada')
    return fallar(ctx, fila, { mensaje: r.mensaje, falla: r.codigo ?? 'rechazada' }, q, evento);
  return undefined;
}

/**
 * A successful row, and its inventory line marked recharged with the date, together. A top-up
 * by number has no line: one statement, no transaction (two round trips fewer per top-up).
 */
const exitosa = (
  ctx: Ctx,
  fila: repo.Recarga,
  folio: string | null,
  q: auditoria.Actor,
  evento?: HacerEvento,
) => {
  const ev = evento?.({ ...fila, estado: 'exitosa', folio });
  return fila.linea_id === null
    ? escritura.cerrarExitosa(ctx.db, {
        id: fila.id,
        folio,
        mensaje: mensajeExito(fila.tipo_recarga),
        rastro: { antes: fila.estado, quien: q },
        evento: ev,
      })
    : ctx.db.transaction().execute(async (tx) => {
        const cambios = { estado: 'exitosa' as const, folio, mensaje: mensajeExito(fila.tipo_recarga) };
        const cerrada = await escritura.cerrar(tx, fila, cambios, q, ev);
        if (cerrada?.linea_id) await lineas.marcarRecargada(tx, cerrada.linea_id);
        return cerrada;
      });
};

/**
 * Fails a row with its message and cause (`falla`, the code its caller knows the cause by), gives
 * back its place in the daily count and frees its line, together.
 */
export const fallar = (
  ctx: Ctx,
  fila: repo.Recarga,
  por: { mensaje: string; falla: CodigoFalla },
  q: auditoria.Actor,
  evento?: HacerEvento,
) =>
  ctx.db.transaction().execute(async (tx) => {
    const cambios = { estado: 'fallida' as const, ...por };
    const ev = evento?.({ ...fila, ...cambios });
    const cerrada = await escritura.cerrar(tx, fila, cambios, q, ev);
    if (cerrada) await repo.descontar(tx, cerrada);
    if (cerrada?.linea_id) await lineas.liberar(tx, cerrada.linea_id);
    return cerrada;
  });
