import { describe, expect, it } from 'vitest';
import { horaLocalEn, reglaVentana, ventanaPorDefecto } from '../src/masivas.ts';

const h = (anio: number, mes: number, dia: number, hora: number, min: number) => ({
  anio,
  mes,
  dia,
  hora,
  min,
});

describe('the scheduling window (issue 41)', () => {
  it('reads the clock of the company, not the machine', () => {
    // 02:30 UTC is 20:30 of the day before in Mexico City (UTC-6).
    const t = new Date(Date.UTC(2026, 0, 1, 2, 30));
    expect(horaLocalEn('America/Mexico_City', t)).toEqual(h(2025, 12, 31, 20, 30));
    expect(horaLocalEn('UTC', t)).toEqual(h(2026, 1, 1, 2, 30));
  });

  it("opens on today's 20:20 before it, and on tomorrow's after it (across a month and a year)", () => {
    expect(ventanaPorDefecto(h(2026, 5, 4, 9, 0))).toEqual({
      ini: h(2026, 5, 4, 20, 20),
      fin: h(2026, 5, 5, 20, 20),
    });
    expect(ventanaPorDefecto(h(2026, 5, 4, 20, 20)).ini).toEqual(h(2026, 5, 5, 20, 20));
    expect(ventanaPorDefecto(h(2025, 12, 31, 20, 30))).toEqual({
      ini: h(2026, 1, 1, 20, 20),
      fin: h(2026, 1, 2, 20, 20),
    });
  });

  it('takes a start from this minute on, and an end after the start', () => {
    const ahora = h(2026, 5, 4, 20, 30);
    expect(reglaVentana(h(2026, 5, 4, 20, 30), h(2026, 5, 4, 21, 0), ahora)).toBeNull();
    expect(reglaVentana(h(2026, 5, 4, 20, 29), h(2026, 5, 4, 21, 0), ahora)).toBe('inicioPasado');
    expect(reglaVentana(h(2026, 5, 3, 23, 0), h(2026, 5, 5, 21, 0), ahora)).toBe('inicioPasado');
    expect(reglaVentana(h(2026, 5, 5, 21, 0), h(2026, 5, 5, 21, 0), ahora)).toBe('fechaFinalMenor');
    expect(reglaVentana(h(2026, 5, 5, 21, 0), h(2026, 5, 5, 20, 0), ahora)).toBe('fechaFinalMenor');
  });
});
