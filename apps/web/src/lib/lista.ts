import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from './api.ts';

/** What every paged list answers: a cursor to the next page and, on the first page, the total. */
interface Pagina {
  siguiente: string | null;
  total: number | null;
}

/** Query-string values; undefined and empty ones are left out, objects travel as JSON. */
export type Parametros = Record<string, string | number | object | undefined>;

export function aQuery(p: Parametros): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined || v === '') continue;
    if (typeof v === 'object') {
      if (Object.values(v).some((x) => (Array.isArray(x) ? x.length > 0 : x !== undefined)))
        q.set(k, JSON.stringify(v));
    } else q.set(k, String(v));
  }
  return q.toString();
}

/**
 * A keyset-paged list (20 rows per step, spec section 9): pages follow `siguiente`; the total
 * comes with the first page. Changing the parameters starts again from the first page.
 */
export function useListaPaginada<P extends Pagina, F>(
  ruta: string,
  parametros: Parametros,
  filasDe: (p: P) => F[],
  habilitada = true,
  /** Every loaded page is asked again this often (ms) while it says so: live progress. */
  cada?: (paginas: readonly P[]) => number | false,
) {
  const consulta = useInfiniteQuery({
    queryKey: [ruta, parametros],
    queryFn: ({ pageParam }) => api<P>(`${ruta}?${aQuery({ ...parametros, after: pageParam || undefined })}`),
    initialPageParam: '',
    getNextPageParam: (p) => p.siguiente ?? undefined,
    enabled: habilitada,
    refetchInterval: cada && ((q) => cada(q.state.data?.pages ?? [])),
  });
  const paginas = consulta.data?.pages;
  // One array per set of pages, not per render: a new array makes the table key every row again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filasDe only picks a page's rows (a new arrow each render)
  const filas = useMemo(() => (paginas ?? []).flatMap(filasDe), [paginas]);
  return {
    ...consulta,
    primera: paginas?.[0],
    filas,
    total: paginas?.[0]?.total ?? null,
  };
}
