import { M, texto } from '@recargas/contracts/mensajes';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProgresoSubida } from '../src/features/subidas/ProgresoSubida.tsx';

afterEach(cleanup);

describe('subidas: the upload progress', () => {
  it('before the server has the file: the waiting text and a bar with no value', () => {
    render(<ProgresoSubida avance={{ etapa: null, porcentaje: 0 }} />);
    expect(screen.getByTestId('subida-etapa').textContent).toBe(M.subiendoArchivo);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
  });

  it("the server's stage in Spanish and its percentage, on the text and the bar", () => {
    render(<ProgresoSubida avance={{ etapa: 'validando', porcentaje: 42 }} />);
    expect(screen.getByTestId('subida-etapa').textContent).toBe(
      texto('avanceSubida', { etapa: M.etapaValidando, porcentaje: 42 }),
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('42');
  });
});
