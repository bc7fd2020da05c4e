import { hoyEn } from '../lib/fechas.ts';
import type { Envio, FilaEstadoCuenta } from './puerto.ts';

/**
 * A mismatch a test injects into a simulated provider's statement (issue 22): a row of ours
 * dropped, a row of its own added, an amount or a status changed.
 */
export type Alteracion =
  | { tipo: 'quitar'; id: string }
  | { tipo: 'agregar'; fila: FilaEstadoCuenta }
  | { tipo: 'monto'; id: string; monto: number }
  | { tipo: 'estado'; id: string; estado: FilaEstadoCuenta['estado'] };

/** What the simulator's ledger keeps of one id: enough to write its statement row. */
export interface AsientoDecidido {
  envio: Envio;
  recibida: number;
  listoEn: number;
  resultado: { estado: 'aceptada'; folio: string } | { estado: 'rechazada'; mensaje: string };
}

/**
 * The statement of one day (in `zona`) from a simulator's ledger: every id decided that day,
 * then the injected mismatches applied. Rows still in process are not in it yet.
 */
export function estadoDeCuentaDe(
  asientos: Iterable<AsientoDecidido>,
  alteraciones: readonly Alteracion[],
  dia: string,
  zona: string,
  ahora = Date.now(),
): FilaEstadoCuenta[] {
  const filas = new Map<string, FilaEstadoCuenta>();
  for (const a of asientos) {
    if (a.listoEn > ahora || hoyEn(zona, new Date(a.recibida)) !== dia) continue;
    filas.set(a.envio.id, {
      folio: a.resultado.estado === 'aceptada' ? a.resultado.folio : '',
      id: a.envio.id,
      dn: a.envio.dn || a.envio.icc,
      monto: a.envio.monto,
      estado: a.resultado.estado === 'aceptada' ? 'exitosa' : 'fallida',
      hora: new Date(a.recibida).toISOString(),
    });
  }
  for (const x of alteraciones) {
    if (x.tipo === 'agregar') {
      if (hoyEn(zona, new Date(x.fila.hora)) === dia) filas.set(`+${x.fila.folio}:${x.fila.id}`, x.fila);
      continue;
    }
    const f = filas.get(x.id);
    if (!f) continue;
    if (x.tipo === 'quitar') filas.delete(x.id);
    else if (x.tipo === 'monto') f.monto = x.monto;
    else f.estado = x.estado;
  }
  return [...filas.values()];
}
