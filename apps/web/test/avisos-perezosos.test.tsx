import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Avisos } from '../src/app/Avisos.tsx';
import { notistackCargado, useSnackbar } from '../src/lib/avisar.ts';

afterEach(cleanup);

function Boton() {
  const { enqueueSnackbar } = useSnackbar();
  return (
    <button type="button" onClick={() => enqueueSnackbar('Recarga exitosa', { variant: 'success' })}>
      avisar
    </button>
  );
}

describe('toasts load notistack at the first one (issue 21)', () => {
  it('draws the route without notistack, then shows the first toast once it has arrived', async () => {
    render(
      <MemoryRouter>
        <Avisos>
          <Boton />
        </Avisos>
      </MemoryRouter>,
    );
    expect(screen.getByText('avisar')).toBeTruthy();
    expect(notistackCargado()).toBeUndefined();
    fireEvent.click(screen.getByText('avisar'));
    expect(await screen.findByText('Recarga exitosa')).toBeTruthy();
    expect(notistackCargado()).toBeDefined();
  });
});
