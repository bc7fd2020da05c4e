import type { TipoDiferencia } from '@recargas/contracts/conciliaciones';
import { M } from '@recargas/contracts/mensajes';
import { type FilaEstadoCuenta, pesosDe } from '../../providers/estado-cuenta.ts';
import type { ResultadoConsulta } from '../../providers/puerto.ts';
import type { NuevaDiferencia } from './repo.ts';

/** One of our top-ups of the day, as the comparison reads it. */
export interface Nuestra {
  id: number;
  folio: string | null;
  dn: string;
  icc: string;
  monto: number;
  estado: string;
  creada: Date;
}

/** A mismatch as it is stored (conciliacion_diferencias). */
export type Diferencia = Required<NuevaDiferencia>;

const abierta = (estado: string) => estado !== 'exitosa' && estado !== 'fallida';

/** Whether both sides say the same: a refund is not a charge, so it agrees with a failed row. */
const mismoEstado = (nuestro: string, suyo: FilaEstadoCuenta['estado']) =>
  nuestro === (suyo === 'reembolsada' ? 'fallida' : suyo);

/**
 * Each statement row with our row of the same id, else of the same folio (a provider that lost
 * our id); a row of ours is taken once.
 */
function emparejar(nuestras: readonly Nuestra[], suyas: readonly FilaEstadoCuenta[]) {
  const porId = new Map(nuestras.map((n) => [String(n.id), n]));
  const porFolio = new Map(nuestras.filter((n) => n.folio).map((n) => [n.folio as string, n]));
  const tomadas = new Set<number>();
  const pares = suyas.map((s) => {
    let n = s.id ? porId.get(s.id) : undefined;
    if (!n && s.folio) n = porFolio.get(s.folio);
    if (n && tomadas.has(n.id)) n = undefined;
    if (n) tomadas.add(n.id);
    return { suya: s, nuestra: n };
  });
  return { pares, sobran: nuestras.filter((n) => !tomadas.has(n.id)) };
}

/** Our open rows that the statement decided, with the decision a status call would give. */
export function porAsentar(nuestras: readonly Nuestra[], suyas: readonly FilaEstadoCuenta[]) {
  return emparejar(nuestras, suyas).pares.flatMap(({ suya, nuestra }) =>
    nuestra && abierta(nuestra.estado)
      ? [
          {
            id: nuestra.id,
            decision: (suya.estado === 'exitosa'
              ? { estado: 'aceptada', folio: suya.folio }
              : { estado: 'rechazada', mensaje: M.conciliacionRechazadaEstadoCuenta }) as ResultadoConsulta,
          },
        ]
      : [],
  );
}

const hora = (t: string) => (t ? new Date(t) : null);
const centavos = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/**
 * The day's comparison: counts, totals of successful top-ups on each side, and every mismatch:
 * a statement row we do not have, a row of ours (not failed) the statement lacks, a different
 * amount (compared in centavos: 50.00 is 50, 49.50 is not), a different status. Our failed rows
 * the provider never listed agree: nothing charged. A refund after our success is a status
 * mismatch for a person to settle: the money came back to the account, our row says charged.
 */
export function comparar(nuestras: readonly Nuestra[], suyas: readonly FilaEstadoCuenta[]) {
  const { pares, sobran } = emparejar(nuestras, suyas);
  const diferencias: Diferencia[] = [];
  const de = (tipo: TipoDiferencia, n: Nuestra | undefined, s: FilaEstadoCuenta | undefined): Diferencia => ({
    tipo,
    recarga_id: n?.id ?? null,
    folio: s?.folio || n?.folio || '',
    dn: s?.dn || n?.dn || n?.icc || '',
    monto_nuestro: n ? pesosDe(n.monto * 100) : null,
    monto_suyo: s ? pesosDe(s.centavos) : null,
    estado_nuestro: n?.estado ?? null,
    estado_suyo: s?.estado ?? null,
    hora: s ? hora(s.hora) : (n?.creada ?? null),
  });
  for (const { suya, nuestra } of pares) {
    if (!nuestra) diferencias.push(de('faltaNuestra', undefined, suya));
    else {
      if (nuestra.monto * 100 !== suya.centavos) diferencias.push(de('monto', nuestra, suya));
      if (!mismoEstado(nuestra.estado, suya.estado)) diferencias.push(de('estado', nuestra, suya));
    }
  }
  for (const n of sobran) if (n.estado !== 'fallida') diferencias.push(de('faltaSuya', n, undefined));
  const cuenta = (t: TipoDiferencia) => diferencias.filter((d) => d.tipo === t).length;
  const totalNuestro = centavos(nuestras.filter((n) => n.estado === 'exitosa').map((n) => n.monto * 100));
  const totalSuyo = centavos(suyas.filter((s) => s.estado === 'exitosa').map((s) => s.centavos));
  return {
    resumen: {
      nuestras: nuestras.length,
      suyas: suyas.length,
      total_nuestro: pesosDe(totalNuestro),
      total_suyo: pesosDe(totalSuyo),
      falta_nuestra: cuenta('faltaNuestra'),
      falta_suya: cuenta('faltaSuya'),
      monto: cuenta('monto'),
      estado: cuenta('estado'),
    },
    diferencias,
  };
}
