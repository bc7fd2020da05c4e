import { describe, expect, it } from 'vitest';
import { AJUSTES_POR_DEFECTO, ajustesEmpresa } from '../src/empresas.ts';

describe('the company settings without zod (issue 21)', () => {
  it('are the defaults the schema fills in, key by key', () => {
    expect(ajustesEmpresa.parse({})).toEqual(AJUSTES_POR_DEFECTO);
  });

  it("gives each company its own lists: one company's settings never change the defaults", () => {
    const a = ajustesEmpresa.parse({});
    a.montos.push(500);
    a.usuariosDesbloqueo.push('x');
    expect(ajustesEmpresa.parse({}).montos).toEqual(AJUSTES_POR_DEFECTO.montos);
    expect(AJUSTES_POR_DEFECTO.usuariosDesbloqueo).toEqual([]);
  });
});
