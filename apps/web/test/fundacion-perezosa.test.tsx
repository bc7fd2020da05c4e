import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { perezosa } from '../src/app/perezosa.tsx';

afterEach(cleanup);

describe('fundacion: lazy screens', () => {
  it('a screen preloaded while the shell loads is downloaded once, then drawn from that download', async () => {
    const cargar = vi.fn(async () => () => <p>pantalla</p>);
    const Pantalla = perezosa(cargar);
    Pantalla.precargar();
    Pantalla.precargar();
    expect(cargar).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={null}>
        <Pantalla />
      </Suspense>,
    );
    await screen.findByText('pantalla');
    expect(cargar).toHaveBeenCalledTimes(1);
  });
});
