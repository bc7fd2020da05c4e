import { API_EXCEL } from '@recargas/contracts/excel';
import { M } from '@recargas/contracts/mensajes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProveedorFechas } from '../src/ui/Fechas.tsx';
import type { Filtros } from '../src/ui/FiltrosChips.tsx';
import { type ListaCargada, ListaConChips } from '../src/ui/ListaConChips.tsx';
import { simularAlto, verFinal } from './desplazar.ts';

interface Fila {
  dn: string;
  estado: string;
}
const COLUMNAS = [
  { llave: 'dn', valor: 'DN' },
  { llave: 'estado', valor: 'Estado' },
] as const;
const RANGO = { desde: '2026-11-01', hasta: '2026-11-25' };

/** A screen's list: the chips it holds and a loaded first page. */
function Pantalla(props: { lista: ListaCargada<Fila>; alFiltrar: (f: Filtros) => void }) {
  const [filtros, setFiltros] = useState<Filtros>({ estado: [] });
  return (
    <ListaConChips
      titulo="Portabilidades"
      total={{ texto: 'Total: 2', testId: 'total' }}
      rango={{ ...RANGO, alCambiar: vi.fn() }}
      chips={{
        columnas: COLUMNAS,
        valor: filtros,
        alCambiar: (f) => {
          setFiltros(f);
          props.alFiltrar(f);
        },
      }}
      excel={{ tipo: 'PORTAS' }}
      lista={props.lista}
      columnas={COLUMNAS}
      clave={(f) => f.dn}
      testId="tabla"
    />
  );
}

const lista = (l: Partial<ListaCargada<Fila>>): ListaCargada<Fila> => ({
  filas: [
    { dn: '5512345678', estado: 'activa' },
    { dn: '5587654321', estado: 'pendiente' },
  ],
  isFetching: false,
  error: null,
  ...l,
});

function pintar(l: ListaCargada<Fila>, alFiltrar = vi.fn()) {
  const cliente = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={cliente}>
      <SnackbarProvider>
        <ProveedorFechas>
          <Pantalla lista={l} alFiltrar={alFiltrar} />
        </ProveedorFechas>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => simularAlto());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ListaConChips', () => {
  it('shows the title, the count and the rows, and the chips only after Mostrar Filtros', async () => {
    const alFiltrar = vi.fn();
    pintar(lista({}), alFiltrar);
    expect(screen.getByRole('heading', { name: /Portabilidades/ })).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('Total: 2');
    expect(screen.getByText('5587654321')).toBeTruthy();
    expect(screen.queryByLabelText('Estado')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: M.mostrarFiltros }));
    await userEvent.type(screen.getByLabelText('Estado'), 'activa{Enter}');
    expect(alFiltrar).toHaveBeenLastCalledWith({ estado: ['activa'] });
    expect(screen.getByRole('button', { name: M.ocultarFiltros })).toBeTruthy();
  });

  it("makes the Excel file of the screen's range and chips, then downloads it", async () => {
    const pedidos: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (ruta: string, init: RequestInit) => {
        pedidos.push({ ruta, cuerpo: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ nombreArchivo: 'p.xlsx', expira: '', filas: 1 }), {
          status: 200,
        });
      }),
    );
    const ir = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    pintar(lista({}));
    await userEvent.click(screen.getByRole('button', { name: M.mostrarFiltros }));
    await userEvent.type(screen.getByLabelText('DN'), '55{Enter}');
    await userEvent.click(screen.getByRole('button', { name: M.generarExcel }));
    await waitFor(() => expect(ir).toHaveBeenCalledWith(`${API_EXCEL.descargar}?nombre=p.xlsx`));
    // The empty chip column stays out of the request.
    expect(pedidos).toEqual([
      {
        ruta: API_EXCEL.generar,
        cuerpo: {
          tipo: 'PORTAS',
          fechas: { fechaInicial: RANGO.desde, fechaFinal: RANGO.hasta },
          filtros: { dn: ['55'] },
        },
      },
    ]);
  });

  it('asks for the next page at the end (once, while loading) only while the list has more', async () => {
    const fetchNextPage = vi.fn();
    const { unmount } = pintar(lista({ hasNextPage: true, fetchNextPage }));
    await verFinal();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
    unmount();
    pintar(lista({ hasNextPage: false, fetchNextPage }));
    await verFinal();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it("shows the list's error", () => {
    pintar(lista({ filas: [], error: new Error('No tienes permiso') }));
    expect(screen.getByText('No tienes permiso')).toBeTruthy();
  });
});
