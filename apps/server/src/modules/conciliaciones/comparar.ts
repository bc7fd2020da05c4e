import type { TipoDiferencia } from '@recargas/contracts/conciliaciones';
import { M } from '@recargas/contracts/mensajes';
import type { FilaEstadoCuenta, ResultadoConsulta } from '../../providers/puerto.ts';
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
const suma = (xs: readonly { monto: number }[]) => xs.reduce((s, x) => s + x.monto, 0);

/**
 * The day's comparison: counts, totals of successful top-ups on each side, and every mismatch:
 * a statement row we do not have, a row of ours (not failed) the statement lacks, a different
 * amount, a different status. Our failed rows the provider never listed agree: nothing charged.
 */
export function comparar(nuestras: readonly Nuestra[], suyas: readonly FilaEstadoCuenta[]) {
  const { pares, sobran } = emparejar(nuestras, suyas);
  const diferencias: Diferencia[] = [];
  const de = (tipo: TipoDiferencia, n: Nuestra | undefined, s: FilaEstadoCuenta | undefined): Diferencia => ({
    tipo,
    recarga_id: n?.id ?? null,
    folio: s?.folio || n?.folio || '',
    dn: s?.dn || n?.dn || n?.icc || '',
    monto_nuestro: n?.monto ?? null,
    monto_suyo: s?.monto ?? null,
    estado_nuestro: n?.estado ?? null,
    estado_suyo: s?.estado ?? null,
    hora: s ? hora(s.hora) : (n?.creada ?? null),
  });
  for (const { suya, nuestra } of pares) {
    if (!nuestra) diferencias.push(de('faltaNuestra', undefined, suya));
    else {
      if (nuestra.monto !== suya.monto) diferencias.push(de('monto', nuestra, suya));
      if (nuestra.estado !== suya.estado) diferencias.push(de('estado', nuestra, suya));
    }
  }
  for (const n of sobran) if (n.estado !== 'fallida') diferencias.push(de('faltaSuya', n, undefined));
  const cuenta = (t: TipoDiferencia) => diferencias.filter((d) => d.tipo === t).length;
  const totalNuestro = suma(nuestras.filter((n) => n.estado === 'exitosa'));
  const totalSuyo = suma(suyas.filter((s) => s.estado === 'exitosa'));
  return {
    resumen: {
      nuestras: nuestras.length,
      suyas: suyas.length,
      total_nuestro: totalNuestro,
      total_suyo: totalSuyo,
      falta_nuestra: cuenta('faltaNuestra'),
      falta_suya: cuenta('faltaSuya'),
      monto: cuenta('monto'),
      estado: cuenta('estado'),
    },
    diferencias,
  };
}
