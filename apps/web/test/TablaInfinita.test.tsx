import { M } from '@recargas/contracts/mensajes';
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Columna, TablaInfinita } from '../src/ui/TablaInfinita.tsx';
import { simularObservador, verFinal } from './observador.ts';

interface Fila {
  id: number;
  nombre: string;
}
const COLUMNAS: Columna<Fila>[] = [
  { llave: 'id', valor: 'Id' },
  { llave: 'nombre', valor: 'Nombre', celda: (f) => f.nombre.toUpperCase() },
];
const TOTAL = 45;
const POR_PAGINA = 20;
const filasHasta = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, nombre: `fila ${i + 1}` }));

/** A paged list: every call to alFinal brings the next 20 rows, until the 45th. */
function Lista(props: { alFinal: () => void; cargando?: boolean }) {
  const [vistas, setVistas] = useState(POR_PAGINA);
  return (
    <TablaInfinita
      columnas={COLUMNAS}
      filas={filasHasta(vistas)}
      clave={(f) => f.id}
      hayMas={vistas < TOTAL}
      cargando={props.cargando ?? false}
      alFinal={() => {
        props.alFinal();
        setVistas((v) => Math.min(v + POR_PAGINA, TOTAL));
      }}
      testId="tabla"
    />
  );
}

beforeEach(simularObservador);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const filasVisibles = () => screen.getByTestId('tabla').querySelectorAll('tbody tr').length - 1;

describe('TablaInfinita', () => {
  it('asks for the next page at the end and shows every row up to the last', async () => {
    const alFinal = vi.fn();
    render(<Lista alFinal={alFinal} />);
    expect(filasVisibles()).toBe(20);
    await verFinal();
    expect(filasVisibles()).toBe(40);
    await verFinal();
    expect(alFinal).toHaveBeenCalledTimes(2);
    expect(filasVisibles()).toBe(45);
    expect(screen.getByText('FILA 45')).toBeTruthy();
    // Nothing more to ask for: the end no longer calls.
    await verFinal();
    expect(alFinal).toHaveBeenCalledTimes(2);
  });

  it('does not ask again while a page is loading', async () => {
    const alFinal = vi.fn();
    render(<Lista alFinal={alFinal} cargando />);
    await verFinal();
    expect(alFinal).not.toHaveBeenCalled();
    expect(screen.getByLabelText(M.cargando)).toBeTruthy();
  });

  it('says so when there are no rows', () => {
    render(
      <TablaInfinita
        columnas={COLUMNAS}
        filas={[]}
        clave={(f) => f.id}
        hayMas={false}
        cargando={false}
        alFinal={vi.fn()}
      />,
    );
    expect(screen.getByText(M.sinResultados)).toBeTruthy();
  });
});
