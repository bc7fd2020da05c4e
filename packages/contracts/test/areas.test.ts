import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../src/areas.ts';

/** One name per area in every layer (issue 19): contracts, server modules, web features, test files. */
const raiz = new URL('../../../', import.meta.url);
const entradas = (ruta: string) => readdirSync(new URL(ruta, raiz), { withFileTypes: true });
const carpetas = (ruta: string) =>
  entradas(ruta)
    .filter((x) => x.isDirectory())
    .map((x) => x.name);

/** Contract files every area uses, not areas themselves (dates and colours included). */
const COMPARTIDOS = /^(acceso|api|areas|colores|fechas|filtros|mensajes.*|menu|niveles|permisos)\.ts$/;

/**
 * Test files about no one area: the access table, security and fuzzing across every route, the
 * database layer (PGlite, connections, batches), memory, crashes and faults, the operational
 * endpoints (/health, /metrics, /docs), the browser's first steps and the shared paged table on
 * every area's list.
 */
const TRANSVERSALES = [
  // apps/server/src/providers and db/migrations: layers of their own, not areas.
  'proveedores',
  'migraciones',
  'acceso',
  'seguridad',
  'fuzz',
  'entrada-invalida',
  'pglite',
  'conexiones',
  'lotes',
  'memoria',
  'caida-servidor',
  'fallas',
  'plataforma',
  'fundacion',
  'listas',
  // The one date-time format and the theme's contrast, on every screen (issue 41).
  'fechas',
];

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

  it('test files start with an area name or a cross-cutting prefix', () => {
    const prefijos = [...AREAS, ...TRANSVERSALES];
    const archivos = [
      ...entradas('apps/server/test/')
        .map((x) => x.name)
        .filter((n) => /\.(test|faults)\.ts$/.test(n)),
      ...entradas('e2e/')
        .map((x) => x.name)
        .filter((n) => n.endsWith('.e2e.ts')),
    ];
    const sinArea = archivos.filter(
      (n) => !prefijos.some((p) => n.startsWith(`${p}.`) || n.startsWith(`${p}-`)),
    );
    expect(sinArea).toEqual([]);
  });
});
