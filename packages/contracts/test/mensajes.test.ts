import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { M, texto } from '../src/mensajes.ts';

// The spec lives beside the repository (../shared), as in CI; a bare clone skips the comparison.
const rutaSpec = new URL('../../../../shared/spec/portal-spec.md', import.meta.url);
const spec = existsSync(rutaSpec) ? readFileSync(rutaSpec, 'utf8') : undefined;
const fuente = readFileSync(new URL('../src/mensajes.ts', import.meta.url), 'utf8');

describe('message catalogue', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(texto('cuentaBloqueada', { minutos: 15 })).toBe(
      'Demasiados intentos fallidos. Espera 15 minutos e intenta de nuevo',
    );
    expect(texto('datosInvalidos')).toBe('Datos inválidos: {detalle}');
  });

  it.skipIf(spec === undefined)(
    'every text not marked (propio) is quoted letter for letter from the spec',
    () => {
      const faltan = Object.entries(M).filter(([clave, valor]) => {
        const propio = new RegExp(`\\(propio\\)[^\\n]*\\*/\\s*${clave}:|${clave}:[^\\n]*\\(propio\\)`).test(
          fuente,
        );
        return !propio && !spec?.includes(valor);
      });
      expect(faltan).toEqual([]);
    },
  );
});
