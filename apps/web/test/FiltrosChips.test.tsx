import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Filtros, FiltrosChips } from '../src/ui/FiltrosChips.tsx';

const COLUMNAS = [
  { llave: 'nombre', valor: 'Nombre' },
  { llave: 'username', valor: 'Usuario' },
] as const;

/** The chips as a screen holds them: every change is kept and reported. */
function Pantalla(props: { inicial: Filtros; alCambiar: (f: Filtros) => void }) {
  const [filtros, setFiltros] = useState(props.inicial);
  return (
    <FiltrosChips
      abierto
      columnas={COLUMNAS}
      valor={filtros}
      alCambiar={(f) => {
        setFiltros(f);
        props.alCambiar(f);
      }}
    />
  );
}

afterEach(cleanup);

describe('FiltrosChips', () => {
  it('adds a trimmed chip to its own column on Enter, keeping the other columns', async () => {
    const alCambiar = vi.fn();
    render(<Pantalla inicial={{ username: ['ana'] }} alCambiar={alCambiar} />);
    await userEvent.type(screen.getByLabelText('Nombre'), '  pedro {Enter}');
    expect(alCambiar).toHaveBeenLastCalledWith({ username: ['ana'], nombre: ['pedro'] });
    await userEvent.type(screen.getByLabelText('Nombre'), 'luis{Enter}');
    expect(alCambiar).toHaveBeenLastCalledWith({ username: ['ana'], nombre: ['pedro', 'luis'] });
    expect(screen.getByText('luis')).toBeTruthy();
  });

  it('removes a chip with its delete icon, and the filter with it', async () => {
    const alCambiar = vi.fn();
    render(<Pantalla inicial={{ nombre: ['pedro', 'luis'] }} alCambiar={alCambiar} />);
    const chip = screen.getByText('pedro').closest('.MuiChip-root');
    if (!(chip instanceof HTMLElement)) throw new Error('no chip');
    await userEvent.click(within(chip).getByTestId('CancelIcon'));
    expect(alCambiar).toHaveBeenLastCalledWith({ nombre: ['luis'] });
    expect(screen.queryByText('pedro')).toBeNull();
  });

  it('shows no fields while closed', () => {
    render(<FiltrosChips abierto={false} columnas={COLUMNAS} valor={{}} alCambiar={vi.fn()} />);
    expect(screen.queryByLabelText('Nombre')).toBeNull();
  });
});
