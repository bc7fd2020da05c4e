import { afterEach, describe, expect, it, vi } from 'vitest';
import { fechaHoraLocal } from '../src/lib/fechas.ts';

describe('fechaHoraLocal', () => {
  it("writes what toLocaleString('es-MX') writes, invalid dates included", () => {
    for (const v of [
      '2026-01-05T09:03:07Z',
      '2025-12-31T23:59:59.999-06:00',
      '1999-07-04 00:00:00',
      0,
      'no es fecha',
    ]) {
      expect(fechaHoraLocal(v)).toBe(new Date(v).toLocaleString('es-MX'));
    }
  });

  it('builds its es-MX formatter while the browser is idle, so the first dates drawn do not (issue 21)', async () => {
    vi.resetModules();
    const fechas = await import('../src/lib/fechas.ts');
    let ocioso: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (f: () => void) => {
      ocioso = f;
      return 1;
    });
    let hechos = 0;
    class Contado extends Intl.DateTimeFormat {
      constructor(...a: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...a);
        hechos++;
      }
    }
    vi.stubGlobal('Intl', Object.assign(Object.create(Intl), { DateTimeFormat: Contado }));
    fechas.prepararFechaHoraLocal();
    expect(hechos).toBe(0);
    ocioso?.();
    expect(hechos).toBe(1);
    expect(fechas.fechaHoraLocal('2026-01-05T09:03:07Z')).toBe(
      new Date('2026-01-05T09:03:07Z').toLocaleString('es-MX'),
    );
    expect(hechos).toBe(1);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
