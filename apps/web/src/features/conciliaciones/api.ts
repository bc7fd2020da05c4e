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
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api.ts';
import { useListaPaginada } from '../../lib/lista.ts';
import type { Avisos } from '../../lib/mutaciones.ts';

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

/**
 * 'Obtener del proveedor' and the upload of a statement: either reconciles a day, and every page
 * of the days and of each day's mismatches is read again.
 */
export function useConciliar(avisos: Avisos<Conciliado>) {
  const consultas = useQueryClient();
  const onSuccess = (r: Conciliado) => {
    avisos.onSuccess(r);
    void consultas.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).startsWith('/api/conciliaciones'),
    });
  };
  const obtener = useMutation({ mutationFn: obtenerDia, onSuccess, onError: avisos.onError });
  const subir = useMutation({
    mutationFn: ({ p, f }: { p: PeticionConciliar; f: File }) => subirEstadoCuenta(p, f),
    onSuccess,
    onError: avisos.onError,
  });
  return { obtener, subir, ocupado: obtener.isPending || subir.isPending };
}
