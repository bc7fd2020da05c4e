import { describe, expect, it } from 'vitest';
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
});
