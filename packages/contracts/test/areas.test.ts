import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../src/areas.ts';

/** One name per area in every layer (issue 19): contracts, server modules, web features. */
const raiz = new URL('../../../', import.meta.url);
const entradas = (ruta: string) => readdirSync(new URL(ruta, raiz), { withFileTypes: true });
const carpetas = (ruta: string) =>
  entradas(ruta)
    .filter((x) => x.isDirectory())
    .map((x) => x.name);

/** Contract files every area uses, not areas themselves. */
const COMPARTIDOS = /^(acceso|api|areas|filtros|mensajes.*|menu|niveles|permisos)\.ts$/;

/** The names that are not areas, and the areas that have no name here. */
const diferencias = (nombres: readonly string[], esperadas: readonly string[]) => ({
  sobran: nombres.filter((n) => !esperadas.includes(n)).sort(),
  faltan: esperadas.filter((a) => !nombres.includes(a)).sort(),
});

describe('the same area names in every layer', () => {
  it('contracts: one file per area, besides the shared ones', () => {
    const nombres = entradas('packages/contracts/src/')
      .filter((x) => x.isFile() && !COMPARTIDOS.test(x.name))
      .map((x) => x.name.replace(/\.ts$/, ''));
    expect(diferencias(nombres, AREAS)).toEqual({ sobran: [], faltan: [] });
  });

  it('server: one module per area', () => {
    expect(diferencias(carpetas('apps/server/src/modules/'), AREAS)).toEqual({ sobran: [], faltan: [] });
  });

  it('web: one feature per area, except excel (its button, ui/BotonExcel.tsx, serves every list)', () => {
    const sinPantalla = AREAS.filter((a) => a !== 'excel');
    expect(diferencias(carpetas('apps/web/src/features/'), sinPantalla)).toEqual({ sobran: [], faltan: [] });
  });
});
