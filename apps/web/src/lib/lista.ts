import { useInfiniteQuery } from '@tanstack/react-query';
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
) {
  const consulta = useInfiniteQuery({
    queryKey: [ruta, parametros],
    queryFn: ({ pageParam }) => api<P>(`${ruta}?${aQuery({ ...parametros, after: pageParam || undefined })}`),
    initialPageParam: '',
    getNextPageParam: (p) => p.siguiente ?? undefined,
    enabled: habilitada,
  });
  const paginas = consulta.data?.pages ?? [];
  return {
    ...consulta,
    primera: paginas[0],
    filas: paginas.flatMap(filasDe),
    total: paginas[0]?.total ?? null,
  };
}
