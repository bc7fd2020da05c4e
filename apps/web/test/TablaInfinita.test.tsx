import { M } from '@recargas/contracts/mensajes';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Columna, TablaInfinita } from '../src/ui/TablaInfinita.tsx';
import { desplazarA, simularAlto, verFinal } from './desplazar.ts';

interface Fila {
  id: number;
  nombre: string;
}
const COLUMNAS: Columna<Fila>[] = [
  { llave: 'id', valor: 'Id' },
  { llave: 'nombre', valor: 'Nombre', celda: (f, i) => `${f.nombre.toUpperCase()} #${i}` },
  { llave: 'accion', valor: 'Acción', celda: (f) => <button type="button">{`editar ${f.id}`}</button> },
];
const TOTAL = 105;
const POR_PAGINA = 20;
const TODAS = Array.from({ length: TOTAL }, (_, i) => ({ id: i + 1, nombre: `fila ${i + 1}` }));

/** A paged list: every call to alFinal brings the next 20 rows, until the 105th. */
function Lista(props: { alFinal: () => void; cargando?: boolean; total?: number }) {
  const [vistas, setVistas] = useState(POR_PAGINA);
  const total = props.total ?? TOTAL;
  return (
    <TablaInfinita
      columnas={COLUMNAS}
      filas={TODAS.slice(0, vistas)}
      clave={(f) => f.id}
      hayMas={vistas < total}
      cargando={props.cargando ?? false}
      alFinal={() => {
        props.alFinal();
        setVistas((v) => Math.min(v + POR_PAGINA, total));
      }}
      testId="tabla"
    />
  );
}

beforeEach(() => simularAlto());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The rows drawn with data (the spacer rows have no cell text). */
const filasDibujadas = () =>
  [...screen.getByTestId('tabla').querySelectorAll('tbody tr[data-index]')].map((f) =>
    Number(f.getAttribute('data-index')),
  );

describe('TablaInfinita', () => {
  it('draws only the rows near the view and pages to the last row by scrolling', async () => {
    const alFinal = vi.fn();
    render(<Lista alFinal={alFinal} />);
    // A box of ten rows: the first page fills it, the next waits for a scroll.
    expect(alFinal).not.toHaveBeenCalled();
    expect(filasDibujadas().length).toBeLessThanOrEqual(20);
    for (let i = 0; i < 6; i++) await verFinal();
    expect(alFinal).toHaveBeenCalledTimes(5);
    const dibujadas = filasDibujadas();
    expect(dibujadas.at(-1)).toBe(TOTAL - 1);
    expect(dibujadas.length).toBeLessThan(40);
    expect(screen.getByText(`FILA ${TOTAL} #${TOTAL - 1}`)).toBeTruthy();
    // Nothing more to ask for: the end no longer calls.
    await verFinal();
    expect(alFinal).toHaveBeenCalledTimes(5);
  });

  it('gives the drawn row elements the rows scrolled to instead of making new ones', async () => {
    render(<Lista alFinal={vi.fn()} total={POR_PAGINA} />);
    const elementos = () => [...screen.getByTestId('tabla').querySelectorAll('tbody tr[data-index]')];
    const antes = elementos();
    expect(filasDibujadas()[0]).toBe(0);
    await desplazarA(33 * 8);
    expect(filasDibujadas()[0]).toBeGreaterThan(0);
    expect(screen.getByText('FILA 20 #19')).toBeTruthy();
    // The same elements, now showing other rows (and a few more beyond the view's top edge): a
    // fling updates text, it mounts no rows in place of others.
    const despues = elementos();
    expect(antes.filter((f) => !despues.includes(f))).toEqual([]);
    expect(despues.filter((f) => !antes.includes(f)).length).toBe(despues.length - antes.length);
  });

  it('keeps the focused row in its element while the others scroll past it', async () => {
    render(<Lista alFinal={vi.fn()} total={POR_PAGINA} />);
    const boton = screen.getByText('editar 6');
    act(() => boton.focus());
    // Down, then up: rows pass to either side of it, and the focus and its row stay.
    for (const px of [33 * 8, 33 * 10, 33 * 6]) {
      await desplazarA(px);
      expect(filasDibujadas()[0]).toBeGreaterThan(0);
      expect(document.activeElement).toBe(boton);
      expect(boton.textContent).toBe('editar 6');
      expect(boton.closest('tr')?.getAttribute('data-index')).toBe('5');
    }
  });

  it('keeps asking while the rows do not fill the box', () => {
    const alFinal = vi.fn();
    vi.restoreAllMocks();
    simularAlto(100);
    render(<Lista alFinal={alFinal} />);
    expect(alFinal).toHaveBeenCalledTimes(5);
    // Every row loaded, though a box of 100 rows draws only those in view and a few beyond.
    expect(screen.getByTestId('tabla').getAttribute('data-filas')).toBe(String(TOTAL));
    expect(filasDibujadas()[0]).toBe(0);
  });

  it('does not ask again while a page is loading, and shows the loading row', async () => {
    const alFinal = vi.fn();
    render(<Lista alFinal={alFinal} cargando />);
    await verFinal();
    expect(alFinal).not.toHaveBeenCalled();
    expect(screen.getByTestId('fila-cargando').textContent).toBe(M.cargando);
  });

  it("says so when there are no rows, in the list's own words when given", () => {
    const vacia = (vacio?: string) =>
      render(
        <TablaInfinita
          columnas={COLUMNAS}
          filas={[]}
          clave={(f) => f.id}
          hayMas={false}
          cargando={false}
          alFinal={vi.fn()}
          vacio={vacio}
        />,
      );
    vacia();
    expect(screen.getByText(M.sinResultados)).toBeTruthy();
    cleanup();
    vacia(M.sinBloques);
    expect(screen.getByText(M.sinBloques)).toBeTruthy();
  });
});
