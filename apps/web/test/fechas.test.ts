import { afterEach, describe, expect, it, vi } from 'vitest';
import { fechaHoraLocal } from '../src/lib/fechas.ts';

describe('fechaHoraLocal', () => {
  it("writes what toLocaleString('es-MX') writes, every hour of a day and invalid dates included", () => {
    const horas = Array.from(
      { length: 24 },
      (_, h) => `2026-01-05T${String(h).padStart(2, '0')}:0${h % 10}:07`,
    );
    for (const v of [...horas, '2026-01-05T09:03:07Z', '2025-12-31T23:59:59.999-06:00', 0, 'no es fecha']) {
      expect(fechaHoraLocal(v)).toBe(new Date(v).toLocaleString('es-MX'));
    }
  });

  it('builds no Intl formatter, whose locale data a phone pays for in the first dates drawn (issue 21)', () => {
    vi.stubGlobal(
      'Intl',
      Object.assign(Object.create(Intl), {
        DateTimeFormat: () => {
          throw new Error('Intl.DateTimeFormat');
        },
      }),
    );
    expect(fechaHoraLocal('2026-11-26T15:04:05')).toBe('26/11/2026, 3:04:05 p.m.');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
