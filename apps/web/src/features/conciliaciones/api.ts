import { conParametros } from '@recargas/contracts/api';
import {
  API_CONCILIACIONES,
  type Diferencia,
  type PeticionConciliar,
  type ResumenDia,
  type respuestaConciliar,
  type respuestaDia,
  type respuestaDias,
} from '@recargas/contracts/conciliaciones';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { useListaPaginada } from '../../lib/lista.ts';

/** The key of every page of the days and of a day: read again after a new reconciliation. */
export const CLAVE_CONCILIACIONES = [API_CONCILIACIONES.dias];

/** The company's reconciled days, newest first, 20 a step. */
export const useDias = () =>
  useListaPaginada<z.infer<typeof respuestaDias>, ResumenDia>(API_CONCILIACIONES.dias, {}, (p) => p.filas);

/** One day's mismatches, 20 a step (none asked while no day is chosen). */
export const useDiferencias = (id: number | undefined) =>
  useListaPaginada<z.infer<typeof respuestaDia>, Diferencia>(
    conParametros(API_CONCILIACIONES.dia, { id: id ?? 0 }),
    {},
    (p) => p.filas,
    id !== undefined,
  );

type Conciliado = z.infer<typeof respuestaConciliar>;

/** Asks the provider for a day's statement now. */
export const obtenerDia = (p: PeticionConciliar) =>
  api<Conciliado>(API_CONCILIACIONES.obtener, { cuerpo: p });

/** Uploads a provider's statement (.xlsx or .csv) of a platform and day. */
export const subirEstadoCuenta = (p: PeticionConciliar, archivo: File) => {
  const datos = new FormData();
  datos.set('plataforma', String(p.plataforma));
  datos.set('dia', p.dia);
  datos.set('archivo', archivo);
  return api<Conciliado>(API_CONCILIACIONES.subir, { cuerpo: datos });
};
