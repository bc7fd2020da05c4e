import { M } from '@recargas/contracts/mensajes';
import { peticionRecarga } from '@recargas/contracts/recargas';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CamposNumero, NUMERO_VACIO } from '../src/features/recargas/CamposNumero.tsx';

afterEach(cleanup);

describe('recargas: the ICC input (spec sections 5 and 9)', () => {
  it('takes 19 characters, while an ICC of up to 20 digits still passes the shared rule', () => {
    render(<CamposNumero valor={NUMERO_VACIO} errores={{}} conDn={false} alCambiar={vi.fn()} />);
    for (const etiqueta of [M.icc, M.confirmacionIcc])
      expect((screen.getByLabelText(etiqueta) as HTMLInputElement).maxLength).toBe(19);
    // The rule measured at its edge, not its constant read back.
    const campos = { compania: 'T', monto: 50 };
    expect(peticionRecarga.safeParse({ ...campos, icc: '8'.repeat(20) }).success).toBe(true);
    expect(peticionRecarga.safeParse({ ...campos, icc: '8'.repeat(21) }).success).toBe(false);
  });
});
