import { describe, expect, it } from 'vitest';
import { diaConDiagonales, diaEn, fecha, fechaHora, instanteDeReloj } from '../src/fechas.ts';

// Mexico City has had no daylight saving since 2022: UTC-6 all year.
const MX = 'America/Mexico_City';

describe('fechaHora', () => {
  it('writes yyyy/mm/dd HH:mm:ss, 24 h, on the company clock', () => {
    expect(fechaHora('2026-11-27T05:50:07Z', MX)).toBe('2026/11/26 23:50:07');
    expect(fechaHora('2026-11-27T19:05:00Z', MX)).toBe('2026/11/27 13:05:00');
    expect(fechaHora(new Date('2026-11-27T06:00:00Z'), MX)).toBe('2026/11/27 00:00:00');
    expect(fechaHora('2026-11-27T05:50:07Z', 'Europe/Madrid')).toBe('2026/11/27 06:50:07');
  });

  it('drops the seconds when asked, and keeps the default zone', () => {
    expect(fechaHora('2026-11-27T05:50:07Z', MX, false)).toBe('2026/11/26 23:50');
    expect(fechaHora(Date.parse('2026-01-05T18:09:00Z'))).toBe('2026/01/05 12:09:00');
  });

  it('leaves none blank and text that is no instant as it is', () => {
    expect(fechaHora(null, MX)).toBe('');
    expect(fechaHora(undefined, MX)).toBe('');
    expect(fechaHora('', MX)).toBe('');
    expect(fechaHora('Sin fecha', MX)).toBe('Sin fecha');
  });

  it('falls back to the default zone when the company names an unknown one', () => {
    expect(fechaHora('2026-11-27T05:50:07Z', 'Marte/Olympus')).toBe('2026/11/26 23:50:07');
  });
});

describe('days', () => {
  it('cuts a day at midnight of the zone, not of UTC', () => {
    // 23:30 and 00:30 local: one UTC day, two company days.
    expect(diaEn('2026-11-27T05:30:00Z', MX)).toBe('2026-11-26');
    expect(diaEn('2026-11-27T06:30:00Z', MX)).toBe('2026-11-27');
    expect(fecha('2026-11-27T05:30:00Z', MX)).toBe('2026/11/26');
  });

  it('writes a calendar day with slashes', () => {
    expect(diaConDiagonales('2026-11-26')).toBe('2026/11/26');
  });
});

describe('zones of one offset', () => {
  it('read the same clock by arithmetic as Intl gives, hour by hour over a year', () => {
    for (const zona of [
      'America/Mexico_City',
      'America/Chihuahua',
      'America/Hermosillo',
      'America/Cancun',
      'UTC',
    ]) {
      // Sweden writes yyyy-mm-dd HH:mm:ss: Intl's own reading of the zone, as the oracle.
      const intl = new Intl.DateTimeFormat('sv-SE', {
        timeZone: zona,
        dateStyle: 'short',
        timeStyle: 'medium',
      });
      for (let t = Date.UTC(2026, 0, 1, 0, 17, 9); t < Date.UTC(2027, 0, 1); t += 5 * 3_600_000) {
        expect(fechaHora(t, zona)).toBe(intl.format(t).replaceAll('-', '/'));
      }
    }
  });

  it('asks Intl for instants before the offsets settled (daylight saving in 2022)', () => {
    expect(fechaHora('2022-07-01T12:00:00Z', MX)).toBe('2022/07/01 07:00:00');
  });
});

describe('instanteDeReloj', () => {
  it("reads a zone-less clock time on the company's clock", () => {
    expect(new Date(instanteDeReloj('2026-11-26 23:50:00', MX)).toISOString()).toBe(
      '2026-11-27T05:50:00.000Z',
    );
    expect(new Date(instanteDeReloj('2026/11/26 23:50', MX)).toISOString()).toBe('2026-11-27T05:50:00.000Z');
    expect(new Date(instanteDeReloj('2026-11-26', MX)).toISOString()).toBe('2026-11-26T06:00:00.000Z');
    // Daylight saving in 2020 (UTC-5), and Madrid's both sides of its change.
    expect(new Date(instanteDeReloj('2020-06-02T13:00:00', MX)).toISOString()).toBe(
      '2020-06-02T18:00:00.000Z',
    );
    expect(new Date(instanteDeReloj('2026-03-29 12:00', 'Europe/Madrid')).toISOString()).toBe(
      '2026-03-29T10:00:00.000Z',
    );
    expect(fechaHora(instanteDeReloj('2026-11-26 23:50:07', MX), MX)).toBe('2026/11/26 23:50:07');
  });

  it('is NaN for text with a zone or no clock time', () => {
    expect(instanteDeReloj('2026-11-26T23:50:00Z', MX)).toBeNaN();
    expect(instanteDeReloj('ayer', MX)).toBeNaN();
  });
});
