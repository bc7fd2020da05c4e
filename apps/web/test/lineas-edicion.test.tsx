import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { API_LINEAS, COLUMNAS_LINEA, type Linea } from '@recargas/contracts/lineas';
import { M } from '@recargas/contracts/mensajes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdministrarBase } from '../src/features/lineas/AdministrarBase.tsx';
import { desplazarA, simularAlto } from './desplazar.ts';
import { sesion } from './sesiones.ts';

/** How many times each row drew its date cells (the table's row, not one edited cell). */
const dibujos = vi.hoisted(() => new Map<number, number>());
vi.mock('../src/lib/textoLinea.ts', async (original) => {
  const real = await original<typeof import('../src/lib/textoLinea.ts')>();
  return {
    textoLinea: (f: Linea, llave: string) => {
      dibujos.set(f.id, (dibujos.get(f.id) ?? 0) + 1);
      return real.textoLinea(f, llave);
    },
  };
});

const linea = (id: number): Linea => ({
  id,
  icc: `8952${String(id).padStart(15, '0')}`,
  dn: `55${String(id).padStart(8, '0')}`,
  monto: 50,
  lider: 0,
  liderNombre: M.lineaSinLider,
  cliente: 0,
  clienteNombre: M.lineaSinCliente,
  compania: 'T',
  subidoPor: 'admin',
  fechaSubida: '2026-11-20T10:00:00.000Z',
  fechaActualizacion: '2026-11-20T10:00:00.000Z',
  fechaVigencia: null,
  fechaRecarga: null,
  nir: null,
  plataforma: 1,
  isRecargado: false,
  fechaEntrega: null,
  producto: null,
  fechaPortada: null,
});

/** The API: one page of 20 lines the administrator may edit; saves are recorded. */
function servidor() {
  const guardados: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (ruta: string, init: RequestInit) => {
      const responder = (cuerpo: unknown) => new Response(JSON.stringify(cuerpo), { status: 200 });
      if (ruta.startsWith(API_LINEAS.actualizar)) {
        guardados.push(JSON.parse(String(init.body)));
        return responder({ mensaje: 'ok' });
      }
      if (ruta.startsWith(API_LINEAS.lineas))
        return responder({
          titulos: Object.entries(COLUMNAS_LINEA).map(([llave, valor]) => ({ llave, valor })),
          lineas: Array.from({ length: 20 }, (_, i) => linea(i + 1)),
          total: 20,
          siguiente: null,
          fechaInicial: '2026-09-25',
          fechaFinal: '2026-11-25',
          puedeEditar: true,
          puedeDesbloquear: false,
        });
      return new Response(JSON.stringify({ mensaje: `sin ruta ${ruta}` }), { status: 404 });
    }),
  );
  return guardados;
}

async function pintar() {
  localStorage.setItem('avisoAdministrarBase', '1');
  const cliente = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={cliente}>
      <SnackbarProvider>
        {/* The range pickers need one, as App gives them. */}
        <LocalizationProvider dateAdapter={AdapterDayjs}>
          <MemoryRouter initialEntries={['/in/administrarBase']}>
            <Routes>
              <Route path="/in" element={<Outlet context={sesion({ nivel: 1 })} />}>
                <Route path="*" element={<AdministrarBase />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </LocalizationProvider>
      </SnackbarProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getAllByRole('button', { name: M.colEditar }).length).toBeGreaterThan(5));
}

const campoDn = () => screen.getByRole('textbox', { name: COLUMNAS_LINEA.dn }) as HTMLInputElement;

beforeEach(() => {
  simularAlto(20);
  dibujos.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('lineas: inline edit in administrarBase', () => {
  it('opening the pencil and typing draw no row but the edited one', async () => {
    servidor();
    await pintar();
    const antes = new Map(dibujos);
    expect(antes.get(2)).toBeGreaterThan(0);
    const usuario = userEvent.setup();
    await usuario.click(screen.getAllByRole('button', { name: M.colEditar })[2] as HTMLElement);
    await usuario.clear(campoDn());
    await usuario.type(campoDn(), '5512345678');
    expect(campoDn().value).toBe('5512345678');
    // The table's rows (the edited one included) did not draw again; only the edited cells did.
    for (const [id, veces] of antes) expect(dibujos.get(id), `fila ${id}`).toBe(veces);
  });

  it('an invalid DN turns its field red with the catalogue message and nothing is sent', async () => {
    const guardados = servidor();
    await pintar();
    const usuario = userEvent.setup();
    await usuario.click(screen.getAllByRole('button', { name: M.colEditar })[0] as HTMLElement);
    await usuario.clear(campoDn());
    await usuario.type(campoDn(), '123');
    expect(campoDn().getAttribute('aria-invalid')).toBe('false');
    await usuario.click(screen.getByRole('button', { name: M.guardar }));
    expect(campoDn().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(M.lineaDnInvalido)).toBeTruthy();
    expect(screen.getByRole('button', { name: M.guardar }).hasAttribute('disabled')).toBe(true);
    expect(guardados).toEqual([]);
    // Fixed, it turns back and saves.
    await usuario.type(campoDn(), '4567890');
    expect(campoDn().getAttribute('aria-invalid')).toBe('false');
    await usuario.click(screen.getByRole('button', { name: M.guardar }));
    await waitFor(() => expect(guardados).toMatchObject([{ id: 1, dn: '1234567890' }]));
  });

  it('the pencil of a row scrolled into a reused row element opens that row', async () => {
    vi.restoreAllMocks();
    simularAlto(5);
    // The first row's height is the table's estimate: 33 px, as simularAlto's rows.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 100, 33));
    servidor();
    await pintar();
    const filas = () => [...document.querySelectorAll('tbody tr[data-index]')];
    const antes = new Map(filas().map((f) => [f, f.getAttribute('data-index')]));
    await desplazarA(33 * 12);
    // A row element that showed another row before the scroll.
    const reusada = filas().find((f) => antes.has(f) && antes.get(f) !== f.getAttribute('data-index'));
    const indice = Number(reusada?.getAttribute('data-index'));
    expect(indice).toBeGreaterThan(5);
    await userEvent
      .setup()
      .click(reusada?.querySelector(`button[aria-label="${M.colEditar}"]`) as HTMLElement);
    expect(campoDn().value).toBe(linea(indice + 1).dn);
  });
});
