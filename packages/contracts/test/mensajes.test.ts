import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { M, texto, textoCuenta } from '../src/mensajes.ts';

// The spec lives beside the repository, ../shared from its root (as in CI): without it this fails.
const raiz = new URL('../../../', import.meta.url);
const rutaSpec = new URL('../shared/spec/portal-spec.md', raiz);
// The catalogue's parts (src/mensajes/*.ts), where the (propio) marks are written.
const partes = new URL('../src/mensajes/', import.meta.url);
const fuente = readdirSync(partes)
  .map((archivo) => readFileSync(new URL(archivo, partes), 'utf8'))
  .join('\n');

describe('message catalogue', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(texto('cuentaBloqueada', { minutos: 15 })).toBe(
      'Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo',
    );
    expect(texto('datoInvalidoEn', { motivo: 'Falta' })).toBe('Falta: {campo}');
  });

  it('a count of one takes the singular where the catalogue has it (no "1 recargas")', () => {
    expect(textoCuenta('confirmarEnvioMasivo', 1, { monto: '$50' })).toBe('Se enviará 1 recarga por $50');
    expect(textoCuenta('confirmarEnvioMasivo', 300, { monto: '$27,000' })).toBe(
      'Se enviarán 300 recargas por $27,000',
    );
    expect(textoCuenta('confirmarCancelacion', 1, { monto: '$30' })).toBe('Se cancelará 1 recarga por $30');
  });

  it('every text not marked (propio) is quoted letter for letter from the spec', () => {
    const spec = readFileSync(rutaSpec, 'utf8');
    const faltan = Object.entries(M).filter(([clave, valor]) => {
      const propio = new RegExp(`\\(propio\\)[^\\n]*\\*/\\s*${clave}:|${clave}:[^\\n]*\\(propio\\)`).test(
        fuente,
      );
      return !propio && !spec.includes(valor);
    });
    expect(faltan).toEqual([]);
  });
});
