import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aQuery, useListaPaginada } from '../src/lib/lista.ts';

describe('aQuery', () => {
  it('leaves out empty values and sends filters as JSON only when one holds something', () => {
    expect(aQuery({ a: 1, b: '', c: undefined, d: 'x y' })).toBe('a=1&d=x+y');
    expect(aQuery({ filtros: { nombre: [], estado: undefined } })).toBe('');
    expect(new URLSearchParams(aQuery({ filtros: { nombre: ['ana'] } })).get('filtros')).toBe(
      '{"nombre":["ana"]}',
    );
  });
});

interface Pagina {
  siguiente: string | null;
  total: number | null;
  filas: number[];
}
/** The server: three pages linked by cursor, the total on the first. */
const PAGINAS: Record<string, Pagina> = {
  '': { siguiente: 'c1', total: 5, filas: [1, 2] },
  c1: { siguiente: 'c2', total: null, filas: [3, 4] },
  c2: { siguiente: null, total: null, filas: [5] },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('useListaPaginada', () => {
  it('follows the cursor page by page, keeps the first total and stops at the last page', async () => {
    const rutas: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (ruta: string) => {
        rutas.push(ruta);
        const after = new URL(ruta, 'http://x').searchParams.get('after') ?? '';
        return new Response(JSON.stringify(PAGINAS[after]), { status: 200 });
      }),
    );
    const cliente = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const envoltura = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={cliente}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useListaPaginada('/api/cosas', { q: 'a' }, (p: Pagina) => p.filas), {
      wrapper: envoltura,
    });
    await waitFor(() => expect(result.current.filas).toEqual([1, 2]));
    expect(result.current.total).toBe(5);
    for (const filas of [
      [1, 2, 3, 4],
      [1, 2, 3, 4, 5],
    ]) {
      await act(() => result.current.fetchNextPage());
      await waitFor(() => expect(result.current.filas).toEqual(filas));
    }
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.total).toBe(5);
    expect(rutas).toEqual(['/api/cosas?q=a', '/api/cosas?q=a&after=c1', '/api/cosas?q=a&after=c2']);
  });
});
