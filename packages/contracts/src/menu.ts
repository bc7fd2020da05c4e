import { M } from './mensajes.ts';
import { esAdministrador, NIVEL } from './niveles.ts';
import type { Permiso } from './permisos.ts';

/** What the menu rules look at: the logged-in user and their company. */
export interface ContextoMenu {
  nivel: number;
  permisos: readonly string[];
  recargaSinUsuario: boolean;
  /** Per-user route whitelist; empty means no restriction. */
  rutas: readonly string[];
}

export interface ItemMenu {
  /** Route under /in/ (spec section 2). */
  ruta: string;
  titulo: (c: ContextoMenu) => string;
  visible: (c: ContextoMenu) => boolean;
  /** Outside the whitelist's reach (release notes are always shown). */
  siempre?: boolean;
}

const tiene = (c: ContextoMenu, p: Permiso) => c.permisos.includes(p);
const admin = (c: ContextoMenu) => esAdministrador(c.nivel);
const adminCon = (p: Permiso) => (c: ContextoMenu) => admin(c) && tiene(c, p);
const fijo = (t: string) => () => t;

/**
 * Menu of spec section 2 "Shell and menu", with the rules of section 6. Where the spec says
 * "level 1" for an administrator-only item, level 0 (root) is allowed too: root is above admin.
 * Saldos and Configuraciones are added for administrators: the spec gives the screens but no menu entry.
 */
export const MENU: readonly ItemMenu[] = [
  { ruta: 'recargas', titulo: fijo(M.recargar), visible: () => true },
  {
    ruta: 'usuarios',
    titulo: (c) => (c.nivel === NIVEL.lider ? M.misClientes : M.usuarios),
    visible: (c) => admin(c) || (c.nivel === NIVEL.lider && tiene(c, 'USUARIO_CLIENTE')),
  },
  { ruta: 'ventas', titulo: fijo(M.ventas), visible: () => true },
  {
    ruta: 'subirArchivos',
    titulo: fijo(M.subirArchivos),
    visible: (c) => admin(c) || (c.nivel !== NIVEL.cliente && tiene(c, 'RETROALIMENTACION_LIDER')),
  },
  { ruta: 'grarecicladoMasivo', titulo: fijo(M.recicladoMasivo), visible: adminCon('RECICLADO_MASIVO') },
  {
    ruta: 'administrarBase',
    titulo: fijo(M.administrarBase),
    visible: (c) => c.nivel !== NIVEL.cliente,
  },
  { ruta: 'recargasMasivas', titulo: fijo(M.recargasMasivas), visible: adminCon('RECARGAS_MASIVAS') },
  { ruta: 'portabilidades', titulo: fijo(M.portabilidades), visible: adminCon('PORTABILIDADES') },
  { ruta: 'graficas', titulo: fijo(M.graficas), visible: adminCon('GRAFICAS') },
  {
    ruta: 'inventario',
    titulo: fijo(M.inventario),
    visible: (c) => c.nivel !== NIVEL.cliente && tiene(c, 'INVENTARIO'),
  },
  { ruta: 'recargasCarier', titulo: fijo(M.recargasPorCarrierMenu), visible: adminCon('RECARGAS_CARRIER') },
  {
    ruta: 'configRecargasSinUsuario',
    titulo: fijo(M.recargasSinUsuario),
    visible: (c) => admin(c) && c.recargaSinUsuario,
  },
  { ruta: 'saldos', titulo: fijo(M.saldos), visible: admin },
  { ruta: 'configuraciones', titulo: fijo(M.configuraciones), visible: admin },
  { ruta: 'actualizaciones', titulo: fijo(M.actualizaciones), visible: () => true, siempre: true },
];

/** Screens reachable only through another screen, with the menu route that governs them. */
const SUBRUTAS: Record<string, string> = {
  usuarioNew: 'usuarios',
  editarUsuario: 'usuarios',
  nuevoUsuarioPlataforma: 'recargasCarier',
  comentariosCarier: 'recargasCarier',
};

const enLista = (c: ContextoMenu, item: ItemMenu) =>
  item.siempre || c.rutas.length === 0 || c.rutas.includes(item.ruta);

export function menuPara(c: ContextoMenu): { ruta: string; titulo: string }[] {
  return MENU.filter((i) => i.visible(c) && enLista(c, i)).map((i) => ({
    ruta: i.ruta,
    titulo: i.titulo(c),
  }));
}

/** Whether /in/<ruta> may be opened (first path segment after /in/). */
export function rutaPermitida(c: ContextoMenu, ruta: string): boolean {
  const item = MENU.find((i) => i.ruta === (SUBRUTAS[ruta] ?? ruta));
  return item?.visible(c) === true && enLista(c, item);
}

/** Where a user lands after login: recargas, or the first route of their whitelist. */
export function rutaInicial(c: ContextoMenu): string {
  if (rutaPermitida(c, 'recargas')) return 'recargas';
  return menuPara(c)[0]?.ruta ?? 'actualizaciones';
}
