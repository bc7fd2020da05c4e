import type { EstadoEstadoCuenta } from '@recargas/contracts/conciliaciones';
import { hoyEn } from '../lib/fechas.ts';
import type { Envio } from './puerto.ts';

/**
 * One row of a provider's daily statement (issues 22, 44), as every statement source gives it
 * (an adapter's `estadoDeCuenta`, an uploaded file): a top-up it charged, refused or charged and
 * then refunded, under our id (empty when the provider lost it) and its folio (empty for a
 * refused one). Money is in integer centavos, never a float of pesos.
 */
export interface FilaEstadoCuenta {
  folio: string;
  id: string;
  dn: string;
  centavos: number;
  estado: EstadoEstadoCuenta;
  /** ISO time the provider took it. */
  hora: string;
}

/** A provider whose adapter has no statement call (the administrator uploads the file instead). */
export class SinEstadoCuenta extends Error {}

/** Pesos as decimal text: `1,050.5`, `$50.00`, `50.00 MXN`, `50,5` (a decimal comma, as a Spanish sheet writes it). */
const PESOS = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;
const COMA_DECIMAL = /^(\d+),(\d{1,2})$/;

/**
 * An amount in pesos (a statement's text or a JSON number) as integer centavos, read from its
 * digits (no float arithmetic): undefined when it is not a positive amount with at most two
 * decimals, or passes 100,000 pesos.
 */
export function centavosDe(valor: string | number): number | undefined {
  const texto = String(valor).replace(/[$\s]|MXN/gi, '');
  const m = PESOS.exec(texto) ?? COMA_DECIMAL.exec(texto);
  if (!m?.[1]) return undefined;
  const centavos = Number(m[1].replaceAll(',', '')) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return centavos > 0 && centavos <= 10_000_000 ? centavos : undefined;
}

/** Centavos as pesos with two decimals, exactly (`5050` -> `50.50`): for numeric columns. */
export const pesosDe = (centavos: number) =>
  `${centavos < 0 ? '-' : ''}${Math.trunc(Math.abs(centavos) / 100)}.${String(Math.abs(centavos) % 100).padStart(2, '0')}`;

/**
 * The statuses a statement may write, in Spanish or as Reloadly's reports do (compared in
 * upper case, without accents): PROCESSING and the like are not decided and not listed.
 */
const ESTADOS: Record<string, EstadoEstadoCuenta> = {
  EXITOSA: 'exitosa',
  EXITOSO: 'exitosa',
  ACEPTADA: 'exitosa',
  SUCCESSFUL: 'exitosa',
  SUCCESS: 'exitosa',
  FALLIDA: 'fallida',
  FALLIDO: 'fallida',
  RECHAZADA: 'fallida',
  FAILED: 'fallida',
  REEMBOLSADA: 'reembolsada',
  REEMBOLSADO: 'reembolsada',
  DEVUELTA: 'reembolsada',
  REFUNDED: 'reembolsada',
};

/** A statement's status word (any case or accents) as ours; undefined: not a decided status. */
export const estadoDe = (valor: string): EstadoEstadoCuenta | undefined =>
  ESTADOS[
    valor
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .trim()
      .toUpperCase()
  ];

/**
 * A mismatch a test injects into a simulated provider's statement (issue 22): a row of ours
 * dropped, a row of its own added, an amount or a status changed.
 */
export type Alteracion =
  | { tipo: 'quitar'; id: string }
  | { tipo: 'agregar'; fila: FilaEstadoCuenta }
  | { tipo: 'monto'; id: string; centavos: number }
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
      centavos: a.envio.monto * 100,
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
    else if (x.tipo === 'monto') f.centavos = x.centavos;
    else f.estado = x.estado;
  }
  return [...filas.values()];
}
