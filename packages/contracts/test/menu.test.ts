import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  type ContextoMenu,
  destinoRechazo,
  MENU,
  menuPara,
  rutaInicial,
  rutaPermitida,
} from '../src/menu.ts';
import { PERMISOS } from '../src/permisos.ts';

const ctx = (nivel: number, permisos: string[] = [], extra: Partial<ContextoMenu> = {}): ContextoMenu => ({
  nivel,
  permisos,
  recargaSinUsuario: false,
  rutas: [],
  ...extra,
});
const rutas = (c: ContextoMenu) => menuPara(c).map((i) => i.ruta);

describe('menu of spec sections 2 and 6', () => {
  it('an administrator with every permission and the feature sees every item', () => {
    expect(rutas(ctx(1, [...PERMISOS], { recargaSinUsuario: true }))).toEqual([
      'recargas',
      'usuarios',
      'ventas',
      'subirArchivos',
      'grarecicladoMasivo',
      'administrarBase',
      'recargasMasivas',
      'portabilidades',
      'graficas',
      'inventario',
      'recargasCarier',
      'configRecargasSinUsuario',
      'saldos',
      'configuraciones',
      'integraciones',
      'auditoria',
      'conciliaciones',
      'actualizaciones',
    ]);
  });

  it('an administrator without permissions loses the permission-bound items', () => {
    expect(rutas(ctx(1))).toEqual([
      'recargas',
      'usuarios',
      'ventas',
      'subirArchivos',
      'administrarBase',
      'saldos',
      'configuraciones',
      'integraciones',
      'auditoria',
      'conciliaciones',
      'actualizaciones',
    ]);
  });

  it('a leader with USUARIO_CLIENTE sees Mis clientes; permissions of admin items do not help a leader', () => {
    const menu = menuPara(
      ctx(2, ['USUARIO_CLIENTE', 'GRAFICAS', 'RECARGAS_MASIVAS', 'INVENTARIO', 'RETROALIMENTACION_LIDER']),
    );
    expect(menu.find((i) => i.ruta === 'usuarios')?.titulo).toBe('Mis clientes');
    expect(menu.map((i) => i.ruta)).toEqual([
      'recargas',
      'usuarios',
      'ventas',
      'subirArchivos',
      'administrarBase',
      'inventario',
      'actualizaciones',
    ]);
  });

  it('a leader without USUARIO_CLIENTE has no user admin; a client sees only recargas, ventas, actualizaciones', () => {
    expect(rutas(ctx(2))).not.toContain('usuarios');
    expect(rutas(ctx(3, [...PERMISOS], { recargaSinUsuario: true }))).toEqual([
      'recargas',
      'ventas',
      'actualizaciones',
    ]);
  });

  it('Recargas sin usuario needs the company feature', () => {
    expect(rutas(ctx(1))).not.toContain('configRecargasSinUsuario');
    expect(rutas(ctx(1, [], { recargaSinUsuario: true }))).toContain('configRecargasSinUsuario');
  });

  it('a route whitelist limits the menu (Actualizaciones stays) and the landing route', () => {
    const portas = ctx(1, ['PORTABILIDADES'], { rutas: ['recargas', 'portabilidades'] });
    expect(rutas(portas)).toEqual(['recargas', 'portabilidades', 'actualizaciones']);
    const capturista = ctx(1, ['ADMINISTRAR_BASE'], { rutas: ['administrarBase'] });
    expect(rutas(capturista)).toEqual(['administrarBase', 'actualizaciones']);
    expect(rutaInicial(capturista)).toBe('administrarBase');
    expect(rutaInicial(portas)).toBe('recargas');
    expect(rutaPermitida(capturista, 'ventas')).toBe(false);
  });

  it('sub-screens follow their parent item; unknown routes are refused', () => {
    expect(rutaPermitida(ctx(1), 'usuarioNew')).toBe(true);
    expect(rutaPermitida(ctx(1), 'editarUsuario')).toBe(true);
    expect(rutaPermitida(ctx(3), 'usuarioNew')).toBe(false);
    expect(rutaPermitida(ctx(0, [...PERMISOS]), 'noexiste')).toBe(false);
  });
});

describe('where a refused route goes (spec section 6)', () => {
  it('level 3 opening user administration, and levels 2 and 3 opening balances, go to the login', () => {
    for (const ruta of ['usuarios', 'usuarioNew', 'editarUsuario']) {
      expect(rutaPermitida(ctx(3, [...PERMISOS]), ruta)).toBe(false);
      expect(destinoRechazo(ctx(3), ruta), ruta).toBe('login');
    }
    for (const nivel of [2, 3]) {
      expect(rutaPermitida(ctx(nivel, [...PERMISOS]), 'saldos')).toBe(false);
      expect(destinoRechazo(ctx(nivel), 'saldos')).toBe('login');
    }
  });

  it('any other refusal goes to the first allowed screen', () => {
    expect(destinoRechazo(ctx(2), 'usuarios')).toBe('inicio');
    expect(destinoRechazo(ctx(3), 'graficas')).toBe('inicio');
    expect(destinoRechazo(ctx(1, [], { rutas: ['administrarBase'] }), 'saldos')).toBe('inicio');
    expect(destinoRechazo(ctx(1), 'noExiste')).toBe('inicio');
  });
});

describe('each screen route maps to its area', () => {
  it.each(MENU.map((i) => [i.ruta, i.area, i.principal] as const))(
    '%s is %s: its main call is one of API_ paths of that contract',
    async (_ruta, area, principal) => {
      const contrato: Record<string, unknown> = await import(`../src/${area}.ts`);
      const api = contrato[`API_${area.toUpperCase()}`] as Record<string, string>;
      // ENDPOINTS writes 'GET /api/x/{id}'; the contracts' paths are Fastify's '/api/x/:id'.
      const ruta = principal.replace(/^\w+ /, '').replace(/\{(\w+)\}/g, ':$1');
      expect(Object.values(api)).toContain(ruta);
    },
  );

  it("each route's screen is a component of features/<area>/ in the web", () => {
    const pantallas = readFileSync(
      new URL('../../../apps/web/src/app/Pantallas.tsx', import.meta.url),
      'utf8',
    );
    // Screens load lazily: a route's entry (or the constant it names) imports its feature's file;
    // one composed there (recargas with its panels) counts the feature it imports first.
    const primeraFeature = (texto: string) => /import\('\.\.\/features\/(\w+)\//.exec(texto)?.[1];
    const definicion = (inicio: RegExp) => {
      const desde = pantallas.search(inicio);
      if (desde < 0) return '';
      const resto = pantallas.slice(desde + 1);
      const fin = resto.search(/\n(\s{2}\w+:|const |\};|\/\*\*)/);
      return resto.slice(0, fin < 0 ? undefined : fin);
    };
    const areas = MENU.map((i) => {
      const entrada = definicion(new RegExp(`\\n  ${i.ruta}: `));
      const nombrada = /^\s*\w+: (\w+),/.exec(entrada)?.[1];
      const texto = nombrada ? definicion(new RegExp(`\\nconst ${nombrada} = `)) : entrada;
      return [i.ruta, primeraFeature(texto)];
    });
    expect(Object.fromEntries(areas)).toEqual(Object.fromEntries(MENU.map((i) => [i.ruta, i.area])));
  });

  it('each menu item has its icon in the drawer', () => {
    const menu = readFileSync(new URL('../../../apps/web/src/app/Menu.tsx', import.meta.url), 'utf8');
    const iconos = /const ICONOS[^{]*\{([^}]*)\}/.exec(menu)?.[1] ?? '';
    const conIcono = new Set([...iconos.matchAll(/^\s*(\w+): </gm)].map((m) => m[1]));
    expect(MENU.map((i) => i.ruta).filter((r) => !conIcono.has(r))).toEqual([]);
  });
});
