import { describe, expect, it } from 'vitest';
import { ajustesEmpresa } from '../src/empresas.ts';
import { texto } from '../src/mensajes.ts';
import { avisosRangoVentas } from '../src/reportes.ts';

// The sales-range rule the browser warns with and the server refuses with (spec section 5).
const ajustes = ajustesEmpresa.parse({});
const HOY = '2026-11-25';

describe('avisosRangoVentas', () => {
  it('lets 93 days through and warns at 94', () => {
    expect(avisosRangoVentas({ desde: '2026-08-24', hasta: HOY }, HOY, ajustes)).toEqual([]);
    expect(avisosRangoVentas({ desde: '2026-08-23', hasta: HOY }, HOY, ajustes)).toEqual([
      texto('rangoVentas', { dias: 93 }),
    ]);
  });

  it('warns of a start over 400 days old, with the range warning too', () => {
    expect(avisosRangoVentas({ desde: '2025-10-21', hasta: '2025-10-22' }, HOY, ajustes)).toEqual([]);
    expect(avisosRangoVentas({ desde: '2025-10-20', hasta: '2025-10-21' }, HOY, ajustes)).toEqual([
      texto('antiguedadVentas', { dias: 400 }),
    ]);
    expect(avisosRangoVentas({ desde: '2024-01-01', hasta: HOY }, HOY, ajustes)).toHaveLength(2);
  });

  it("follows the company's policy and its exemption", () => {
    const amplia = { ...ajustes, politicaVentas: { rangoMaxDias: 800, antiguedadMaxDias: 800 } };
    expect(avisosRangoVentas({ desde: '2024-11-01', hasta: HOY }, HOY, amplia)).toEqual([]);
    const exenta = { ...ajustes, rangoVentasExento: true };
    expect(avisosRangoVentas({ desde: '2020-01-01', hasta: HOY }, HOY, exenta)).toEqual([]);
  });
});
