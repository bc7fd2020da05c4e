import { texto } from '@recargas/contracts/mensajes';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AvisoRetraso } from '../src/features/reportes/AvisoRetraso.tsx';

afterEach(cleanup);

/** Issue 46: a report read from a lagging replica says how far behind it may be; a current one says nothing. */
describe('AvisoRetraso', () => {
  it('says the seconds the rows may lag, as a status', () => {
    render(<AvisoRetraso segundos={12} />);
    const aviso = screen.getByRole('status');
    expect(aviso.textContent).toBe(texto('datosConRetraso', { segundos: 12 }));
    expect(aviso.textContent).toContain('últimos 12 s');
  });

  it('nothing while the rows are current or not loaded yet', () => {
    const { container } = render(
      <>
        <AvisoRetraso segundos={0} />
        <AvisoRetraso segundos={undefined} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
