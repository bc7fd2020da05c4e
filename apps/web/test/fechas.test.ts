import { afterEach, describe, expect, it, vi } from 'vitest';
import { fechaCorta, fechaHoraEmpresa } from '../src/lib/fechas.ts';
import { diaLocal } from '../src/ui/RangoFechas.tsx';

// The screens write every instant on the company's clock, whatever the browser's zone is.
describe('fechas de la empresa', () => {
  it("uses the zone of the stored session's settings, Mexico City before a login", () => {
    localStorage.removeItem('ajustes');
    expect(fechaHoraEmpresa('2026-11-27T05:50:07Z')).toBe('2026/11/26 23:50:07');
    expect(fechaCorta('2026-11-27T05:50:07Z')).toBe('2026/11/26 23:50');
    localStorage.setItem('ajustes', JSON.stringify({ zonaHoraria: 'America/Cancun' }));
    expect(fechaHoraEmpresa('2026-11-27T05:50:07Z')).toBe('2026/11/27 00:50:07');
    localStorage.setItem('ajustes', '{no es json');
    expect(fechaCorta('2026-11-27T05:50:07Z')).toBe('2026/11/26 23:50');
    expect(fechaCorta(null)).toBe('');
  });

  it('builds no Intl formatter for the zones of one offset, whose data a phone pays for (issue 21)', () => {
    localStorage.removeItem('ajustes');
    vi.stubGlobal(
      'Intl',
      Object.assign(Object.create(Intl), {
        DateTimeFormat: () => {
          throw new Error('Intl.DateTimeFormat');
        },
      }),
    );
    expect(fechaHoraEmpresa('2026-11-26T15:04:05Z')).toBe('2026/11/26 09:04:05');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem('ajustes');
});

describe('diaLocal', () => {
  it("is the company's today: at 03:00 UTC Mexico City is still on the day before", () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-27T03:00:00Z'), toFake: ['Date'] });
    try {
      expect(diaLocal()).toBe('2026-11-26');
      expect(diaLocal(-10)).toBe('2026-11-16');
      localStorage.setItem('ajustes', JSON.stringify({ zonaHoraria: 'Europe/Madrid' }));
      expect(diaLocal()).toBe('2026-11-27');
    } finally {
      vi.useRealTimers();
    }
  });
});
