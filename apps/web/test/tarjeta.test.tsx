import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { type Columna, partesTarjeta } from '../src/ui/columnas.ts';
import { Tarjeta } from '../src/ui/Tarjeta.tsx';

/** A row as a phone's card (issue 41), from the same columns as the desk's table. */
interface Venta {
  dn: string;
  monto: number;
  estatus: string;
  mensaje: string;
}
const COLUMNAS: Columna<Venta>[] = [
  { llave: 'estatus', valor: 'Estatus', primera: 3 },
  { llave: 'mensaje', valor: 'Mensaje' },
  {
    llave: 'editar',
    valor: 'Editar',
    accion: true,
    celda: (f) => <button type="button">{`editar ${f.dn}`}</button>,
  },
  { llave: 'dn', valor: 'Numero', primera: 1 },
  { llave: 'monto', valor: 'Monto', primera: 2, celda: (f) => `$${f.monto}` },
];

afterEach(cleanup);

describe('Tarjeta', () => {
  it('opens with the marked fields in their order, then the others by title, then the buttons', () => {
    const partes = partesTarjeta(COLUMNAS);
    expect(partes.primeras.map((c) => c.llave)).toEqual(['dn', 'monto', 'estatus']);
    expect(partes.resto.map((c) => c.llave)).toEqual(['mensaje']);
    expect(partes.acciones.map((c) => c.llave)).toEqual(['editar']);
    const { container } = render(
      <ul>
        <Tarjeta
          fila={{ dn: '5512345678', monto: 30, estatus: 'Exitosa', mensaje: 'Hecha' }}
          indice={0}
          partes={partes}
        />
      </ul>,
    );
    const primera = container.querySelector('.primera');
    expect(Array.from(primera?.children ?? [], (s) => s.textContent)).toEqual([
      '5512345678',
      '$30',
      'Exitosa',
    ]);
    expect(Array.from(container.querySelectorAll('dt, dd'), (e) => e.textContent)).toEqual([
      'Mensaje',
      'Hecha',
    ]);
    expect(screen.getByRole('button', { name: 'editar 5512345678' })).toBeTruthy();
  });

  it('leaves out an empty field with its title; with none marked, the first column opens the card', () => {
    const partes = partesTarjeta(COLUMNAS.map(({ primera: _, ...c }) => c));
    expect(partes.primeras.map((c) => c.llave)).toEqual(['estatus']);
    const { container } = render(
      <ul>
        <Tarjeta
          fila={{ dn: '5512345678', monto: 30, estatus: 'Exitosa', mensaje: '' }}
          indice={0}
          partes={partes}
        />
      </ul>,
    );
    expect(Array.from(container.querySelectorAll('dt'), (e) => e.textContent)).toEqual(['Numero', 'Monto']);
  });
});
