import { describe, expect, it } from 'vitest';
import { CARRIERS_PANTALLA, CODIGOS_CARRIER, etiquetaCarrier } from '../src/carriers.ts';
import { M } from '../src/mensajes.ts';
import { etiquetaNivel, NIVELES } from '../src/niveles.ts';
import { ESTADOS_RECARGA, etiquetaEstado } from '../src/recargas.ts';

/** One label per carrier, status and level for every screen and Excel file (issue 18). */
describe('labels', () => {
  it("the upload templates' COMPANIA help names every carrier and its letter (Virgin was missing)", () => {
    for (const c of CODIGOS_CARRIER) {
      expect(M.formatoCompania).toContain(etiquetaCarrier(c));
      expect(M.formatoCompania).toMatch(new RegExp(`[ :]${c}[,)]`));
    }
  });
  it('names each carrier by section 3 (AT&T and Bait, never Att or Biat), unknown codes as they are', () => {
    expect(CODIGOS_CARRIER.map(etiquetaCarrier)).toEqual([
      'Telcel',
      'Movistar',
      'Unefon',
      'AT&T',
      'Virgin',
      'Bait',
    ]);
    expect(CARRIERS_PANTALLA.map((c) => c.nombre)).toEqual(CODIGOS_CARRIER.map(etiquetaCarrier));
    expect(etiquetaCarrier('Z')).toBe('Z');
    expect(etiquetaCarrier('toString')).toBe('toString');
  });

  it('names each top-up status with a capital, unknown ones as they are', () => {
    expect(ESTADOS_RECARGA.map(etiquetaEstado)).toEqual(['Pendiente', 'Enviada', 'Exitosa', 'Fallida']);
    expect(etiquetaEstado('constructor')).toBe('constructor');
  });

  it('names each level, as a number or as the text the API sends', () => {
    expect(NIVELES.map(etiquetaNivel)).toEqual([
      'Superadministrador',
      'Administrador',
      'Vendedor/Lider',
      'Cliente',
    ]);
    expect(etiquetaNivel('2')).toBe('Vendedor/Lider');
    expect(etiquetaNivel(7)).toBe('7');
  });
});
