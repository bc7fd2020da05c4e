import { AsyncLocalStorage } from 'node:async_hooks';
import type { AvanceSubida, EtapaSubida } from '@recargas/contracts/subidas';

/**
 * The progress of uploads in course, for GET /subirArchivo/avance: the browser names its upload
 * (form field `avance`) and polls while the POST runs. Kept in memory: an upload lives in one
 * process, and its progress is worthless once it ends.
 *
 * The stages report through an AsyncLocalStorage, so the row handlers of every area (lineas,
 * portabilidades, usuarios) report by calling revisarFilas and escribirPorTramos, as they do.
 */

/**
 * Each stage's share of the whole percentage, as long as it took: 100,000 lines (action 1,
 * PGlite, 2 loaded cores) read in 3.6 s, were checked in 0.5 s and written in 22 s.
 */
const TRAMOS: Record<Exclude<EtapaSubida, 'terminada'>, readonly [number, number]> = {
  leyendo: [0, 15],
  validando: [15, 20],
  escribiendo: [20, 100],
};
/** How long a finished upload's progress stays readable: the last poll may follow the answer. */
const RETENER_MS = 60_000;

const enCurso = new Map<string, AvanceSubida>();
const actual = new AsyncLocalStorage<AvanceSubida>();

/** The key of one upload: the browser's id, within its company and user. */
export const claveAvance = (empresaId: number, usuarioId: number, id: string) =>
  `${empresaId}:${usuarioId}:${id}`;

/** Runs an upload with its progress readable under `clave` (null: nobody follows it). */
export async function conAvance<T>(clave: string | null, trabajo: () => Promise<T>): Promise<T> {
  if (clave === null) return trabajo();
  const registro: AvanceSubida = { etapa: null, porcentaje: 0 };
  enCurso.set(clave, registro);
  try {
    const hecho = await actual.run(registro, trabajo);
    registro.etapa = 'terminada';
    registro.porcentaje = 100;
    return hecho;
  } finally {
    setTimeout(() => {
      if (enCurso.get(clave) === registro) enCurso.delete(clave);
    }, RETENER_MS).unref();
  }
}

/**
 * A reporter of `hechas` of `total` in one stage of the upload in course (a no-op outside one),
 * bound now: stream callbacks may run outside the upload's async context.
 */
export function avanzador(etapa: Exclude<EtapaSubida, 'terminada'>): (hechas: number, total: number) => void {
  const registro = actual.getStore();
  if (!registro) return () => {};
  const [desde, hasta] = TRAMOS[etapa];
  return (hechas, total) => {
    const parte = total > 0 ? Math.min(hechas / total, 1) : 1;
    registro.etapa = etapa;
    // Never backwards (a file read twice, see leerHojaDosVeces).
    registro.porcentaje = Math.max(registro.porcentaje, Math.floor(desde + (hasta - desde) * parte));
  };
}

/** The progress of the caller's upload `clave`: stage null and 0 % before it starts or once forgotten. */
export const avance = (clave: string): AvanceSubida => ({
  ...(enCurso.get(clave) ?? { etapa: null, porcentaje: 0 }),
});
