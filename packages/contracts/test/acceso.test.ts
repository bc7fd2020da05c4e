import { describe, expect, it } from 'vitest';
import {
  accionPermitida,
  comprueban,
  ENDPOINTS,
  ENDPOINTS_DE_PANTALLA,
  type Endpoint,
  PANTALLAS,
  puedeLlamar,
  SIEMPRE,
} from '../src/acceso.ts';
import { MENU } from '../src/menu.ts';
import { PERMISOS, QUE_PERMITE } from '../src/permisos.ts';

const llamante = (nivel: number, permisos: readonly string[] = PERMISOS, rutas: string[] = []) => ({
  nivel,
  permisos,
  rutas,
});

describe('the permissions table (contracts/acceso.ts)', () => {
  it('says what every permission allows and names an endpoint that checks it', () => {
    for (const p of PERMISOS) {
      expect(QUE_PERMITE[p].permite.length, p).toBeGreaterThan(10);
      expect(comprueban(p).length, p).toBeGreaterThan(0);
    }
  });

  it('every screen of the menu has its endpoints, and its main call is one of them', () => {
    expect([...PANTALLAS].sort()).toEqual(MENU.map((i) => i.ruta).sort());
    for (const i of MENU) {
      expect((ENDPOINTS_DE_PANTALLA[i.ruta] as readonly Endpoint[]).includes(i.principal), i.ruta).toBe(true);
    }
  });

  it('every endpoint that needs a session is reachable from some screen or the shell', () => {
    const alcanzables = new Set<string>([...SIEMPRE, ...Object.values(ENDPOINTS_DE_PANTALLA).flat()]);
    const conSesion = (Object.keys(ENDPOINTS) as Endpoint[]).filter(
      (e) => 'niveles' in ENDPOINTS[e] || 'cualquiera' in ENDPOINTS[e],
    );
    expect(conSesion.filter((e) => !alcanzables.has(e))).toEqual([]);
  });

  it('a whitelist narrows to its screens and the shell; levels and permissions still apply', () => {
    const portas = llamante(1, ['PORTABILIDADES'], ['recargas', 'portabilidades']);
    expect(puedeLlamar(portas, 'POST /checkOut')).toBe(true);
    expect(puedeLlamar(portas, 'GET /api/portOuts')).toBe(true);
    expect(puedeLlamar(portas, 'GET /quienSoy')).toBe(true);
    expect(puedeLlamar(portas, 'POST /registrarUsuario')).toBe(false);
    expect(puedeLlamar(portas, 'GET /saldosData')).toBe(false);
    expect(puedeLlamar(portas, 'POST /foreignCheckOut')).toBe(false);
    expect(puedeLlamar(llamante(1), 'GET /saldosData')).toBe(true);
  });

  it('alternatives: administrators, or leaders with the permission', () => {
    expect(puedeLlamar(llamante(1, []), 'GET /api/usuarios')).toBe(true);
    expect(puedeLlamar(llamante(2, ['USUARIO_CLIENTE']), 'GET /api/usuarios')).toBe(true);
    expect(puedeLlamar(llamante(2, []), 'GET /api/usuarios')).toBe(false);
    expect(puedeLlamar(llamante(3), 'GET /api/usuarios')).toBe(false);
  });

  it('upload actions of spec section 9', () => {
    const acciones = (u: ReturnType<typeof llamante>) =>
      [1, 2, 3, 4, 5, 6, 7].filter((a) => accionPermitida(u, a));
    expect(acciones(llamante(1))).toEqual([1, 2, 3, 4, 6, 7]);
    expect(acciones(llamante(1, []))).toEqual([1, 2, 3, 7]);
    expect(acciones(llamante(2, ['RETROALIMENTACION_LIDER', 'RECARGAS_MASIVAS']))).toEqual([1, 2]);
    expect(acciones(llamante(2, []))).toEqual([]);
    expect(acciones(llamante(3))).toEqual([]);
  });
});

describe("the areas' API paths (API_<AREA>) and the permissions table", () => {
  it('name the same paths: each endpoint is in one area, each area path has its rule', async () => {
    const { AREAS } = await import('../src/areas.ts');
    const deAreas: string[] = [];
    for (const area of AREAS) {
      const contrato: Record<string, unknown> = await import(`../src/${area}.ts`);
      const api = contrato[`API_${area.toUpperCase()}`] as Record<string, string> | undefined;
      expect(api, area).toBeDefined();
      deAreas.push(...Object.values(api ?? {}));
    }
    // ENDPOINTS writes 'GET /api/x/{id}'; the contracts' paths are Fastify's '/api/x/:id'.
    const deTabla = new Set(
      Object.keys(ENDPOINTS).map((e) => e.replace(/^\w+ /, '').replace(/\{(\w+)\}/g, ':$1')),
    );
    expect(deAreas.filter((r) => !deTabla.has(r))).toEqual([]);
    expect([...deTabla].filter((r) => !deAreas.includes(r))).toEqual([]);
    expect(deAreas.length, 'a path in two areas').toBe(new Set(deAreas).size);
  });
});
