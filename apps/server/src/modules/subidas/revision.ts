import type { AjustesEmpresa } from '@recargas/contracts/empresas';
import { montoDeCelda } from '@recargas/contracts/lineas';
import { M, texto } from '@recargas/contracts/mensajes';
import { montoPermitido } from '@recargas/contracts/recargas';
import {
  type AccionSubida,
  celdaDe,
  LIMITE_ARREGLO,
  type RespuestaSubida,
} from '@recargas/contracts/subidas';
import { avanzador } from './avance.ts';
import type { FilaLeida } from './xlsx.ts';

/** What became of one row of a file. */
export type Estado = 'correcto' | 'erroneo' | 'duplicado';

/** One row as checked, whatever the action: its state and why each wrong cell is wrong. */
export interface Revision {
  leida: FilaLeida;
  estado: Estado;
  /** Column index → why the cell is wrong. */
  errores: Map<number, string>;
}

/** Rows checked per turn of the event loop (100,000 rows at once held it ~0.5 s). */
const POR_TURNO = 2000;

/**
 * Checks every row in order (`revisar` may remember the rows before, for duplicates), a slice at
 * a time with a turn of the event loop between slices, so other requests go on meanwhile.
 */
export async function revisarFilas<R>(filas: FilaLeida[], revisar: (leida: FilaLeida) => R): Promise<R[]> {
  const avanzar = avanzador('validando');
  const revisadas: R[] = [];
  for (let i = 0; i < filas.length; i += POR_TURNO) {
    if (i > 0) await new Promise((r) => setImmediate(r));
    for (const leida of filas.slice(i, i + POR_TURNO)) revisadas.push(revisar(leida));
    avanzar(revisadas.length, filas.length);
  }
  return revisadas;
}

/** The upload's answer, and its rejected rows for the .xlsx service.ts makes of them. */
export type ResultadoSubida = RespuestaSubida & {
  /** The rows not written for a wrong cell, in batches; null when there are none. */
  rechazadas: (() => AsyncGenerator<string[][]>) | null;
};

/**
 * A top-up amount cell of an upload (actions 1, 2, 4 and 6): empty is none; else whole pesos and
 * one of the company's amounts (montoPermitido, the single top-up's rule), or why it is not.
 */
export function montoDeSubida(ajustes: Pick<AjustesEmpresa, 'montos'>, celda: string) {
  const monto = montoDeCelda(celda);
  if (monto === null) return { monto };
  if (Number.isNaN(monto)) return { monto, error: M.lineaMontoInvalido };
  return montoPermitido(ajustes, monto) ? { monto } : { monto, error: M.montoNoPermitido };
}

/** The upload's answer: the toast text, the counts and the rows of the result table. */
export function respuesta(accion: AccionSubida, columnas: string[], revisiones: Revision[]): ResultadoSubida {
  const cuenta = (e: Estado) => revisiones.filter((r) => r.estado === e).length;
  const correctos = cuenta('correcto');
  const erroneos = cuenta('erroneo');
  const duplicados = cuenta('duplicado');
  const total = revisiones.length;
  const elegidas = elegir(revisiones);
  return {
    mensaje: texto(accion === 2 ? 'subidaResultadoReemplazo' : 'subidaResultado', {
      total,
      correctos,
      erroneos,
      duplicados,
    }),
    titulos: columnas.map((c) => ({ llave: c, valor: c })),
    arreglo: elegidas.map((r) => ({
      fila: r.leida.fila,
      estado: r.estado,
      celdas: columnas.map((c, i) => {
        const mensaje = r.errores.get(i);
        return {
          llave: c,
          valor: r.leida.valores[i] ?? '',
          isCorrecto: mensaje === undefined,
          ...(mensaje ? { mensaje } : {}),
        };
      }),
    })),
    arregloCompleto: elegidas.length === total,
    total,
    correctos,
    erroneos,
    duplicados,
    rechazadas: revisiones.some((r) => r.errores.size > 0)
      ? () => rechazadas(columnas.length, revisiones)
      : null,
  };
}

/** Rows written per batch of the rejected rows file. */
const POR_LOTE = 2000;

/**
 * The rows not written for a wrong cell, in sheet order: their cells as read, then each wrong
 * cell by its address and reason ('E3: Monto no permitido'). A duplicate with a reason (already
 * in the company) is rejected too; one updated (action 2) carries none and is not.
 */
async function* rechazadas(columnas: number, revisiones: Revision[]): AsyncGenerator<string[][]> {
  let lote: string[][] = [];
  for (const r of revisiones) {
    if (r.errores.size === 0) continue;
    const motivos = [...r.errores].map(([i, mensaje]) =>
      texto('errorEnCelda', { celda: celdaDe(i, r.leida.fila), mensaje }),
    );
    const valores = Array.from({ length: columnas }, (_, i) => r.leida.valores[i] ?? '');
    lote.push([...valores, motivos.join('; ')]);
    if (lote.length === POR_LOTE) {
      yield lote;
      lote = [];
    }
  }
  if (lote.length > 0) yield lote;
}

/** Rows for the result table: wrong and duplicated first, then correct ones, in sheet order. */
function elegir(revisiones: Revision[]): Revision[] {
  const malas = revisiones.filter((r) => r.estado !== 'correcto').slice(0, LIMITE_ARREGLO);
  const buenas = revisiones.filter((r) => r.estado === 'correcto').slice(0, LIMITE_ARREGLO - malas.length);
  return [...malas, ...buenas].sort((a, b) => a.leida.fila - b.leida.fila);
}
