import { describe, expect, it } from 'vitest';
import { type ContextoMenu, menuPara, rutaInicial, rutaPermitida } from '../src/menu.ts';
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
