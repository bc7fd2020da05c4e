import { M } from '@recargas/contracts/mensajes';
import { type RespuestaRecarga, TIPO_EXTERNA } from '@recargas/contracts/recargas';
import type { Recarga } from './repo.ts';

/** A successful top-up's message, written on its row (Ventas' Mensaje) and answered. */
export const mensajeExito = (tipoRecarga: number) =>
  tipoRecarga === TIPO_EXTERNA ? M.recargaExternaExitosa : M.recargaExitosa;

/**
 * The answer for a row, the same however often it is asked: status code plus body, naming the
 * number, carrier and amount (null where the company hides amounts from this caller).
 */
export function respuestaDe(r: Recarga, verMonto: boolean): { status: number; cuerpo: RespuestaRecarga } {
  const base = {
    id: r.id,
    estado: r.estado,
    folio: r.folio ?? r.folio_externo,
    icc: r.icc,
    dn: r.dn,
    compania: r.compania,
    monto: verMonto ? r.monto : null,
  };
  if (r.estado === 'exitosa')
    return { status: 200, cuerpo: { ...base, mensaje: r.mensaje ?? mensajeExito(r.tipo_recarga) } };
  if (r.estado === 'fallida')
    return { status: 422, cuerpo: { ...base, mensaje: r.mensaje ?? M.recargaFallida } };
  return { status: 202, cuerpo: { ...base, mensaje: M.recargaEnProceso } };
}
