import { type Endpoint, type Pantalla, puedeLlamar } from './acceso.ts';
import type { Area } from './areas.ts';
import { M } from './mensajes.ts';
import { NIVEL } from './niveles.ts';

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
  ruta: Pantalla;
  /** The area whose code the screen is (features/<area>/ in the web, modules/<area>/ on the server). */
  area: Area;
  titulo: (c: ContextoMenu) => string;
  /** The screen's main call: the item shows to whoever may make it (ENDPOINTS, one rule). */
  principal: Endpoint;
  /** A company feature the screen also needs. */
  ademas?: (c: ContextoMenu) => boolean;
  /** Outside the whitelist's reach (release notes are always shown). */
  siempre?: boolean;
}

const fijo = (t: string) => () => t;

/**
 * Menu of spec section 2 "Shell and menu". Who sees an item is who may call its main endpoint,
 * from the same table the server checks (acceso.ts): section 6's menu rules are written there.
 * Saldos and Configuraciones are added for administrators: the spec gives the screens but no menu entry.
 */
export const MENU: readonly ItemMenu[] = [
  { ruta: 'recargas', area: 'recargas', titulo: fijo(M.recargar), principal: 'POST /checkOut' },
  {
    ruta: 'usuarios',
    area: 'usuarios',
    titulo: (c) => (c.nivel === NIVEL.lider ? M.misClientes : M.usuarios),
    principal: 'GET /api/usuarios',
  },
  { ruta: 'ventas', area: 'reportes', titulo: fijo(M.ventas), principal: 'GET /reportesNew' },
  { ruta: 'subirArchivos', area: 'subidas', titulo: fijo(M.subirArchivos), principal: 'POST /subirArchivo' },
  {
    ruta: 'grarecicladoMasivo',
    area: 'reciclaje',
    titulo: fijo(M.recicladoMasivo),
    principal: 'GET /api/recicladas/pendientesPorReciclar',
  },
  { ruta: 'administrarBase', area: 'lineas', titulo: fijo(M.administrarBase), principal: 'GET /iccs' },
  {
    ruta: 'recargasMasivas',
    area: 'masivas',
    titulo: fijo(M.recargasMasivas),
    principal: 'GET /api/bloqueRecargasMasivas',
  },
  {
    ruta: 'portabilidades',
    area: 'portabilidades',
    titulo: fijo(M.portabilidades),
    principal: 'GET /api/portOuts',
  },
  { ruta: 'graficas', area: 'reportes', titulo: fijo(M.graficas), principal: 'GET /graficas' },
  {
    ruta: 'inventario',
    area: 'portabilidades',
    titulo: fijo(M.inventario),
    principal: 'POST /api/portOuts/inventoryDays',
  },
  {
    ruta: 'recargasCarier',
    area: 'carriers',
    titulo: fijo(M.recargasPorCarrierMenu),
    principal: 'GET /plataformaCarrier',
  },
  {
    ruta: 'configRecargasSinUsuario',
    area: 'saldos',
    titulo: fijo(M.recargasSinUsuario),
    principal: 'POST /api/configRecargasSinUsuario',
    ademas: (c) => c.recargaSinUsuario,
  },
  { ruta: 'saldos', area: 'saldos', titulo: fijo(M.saldos), principal: 'GET /saldosData' },
  {
    ruta: 'configuraciones',
    area: 'empresas',
    titulo: fijo(M.configuraciones),
    principal: 'GET /api/configuraciones',
  },
  {
    ruta: 'integraciones',
    area: 'integraciones',
    titulo: fijo(M.integraciones),
    principal: 'GET /api/llaves',
  },
  { ruta: 'auditoria', area: 'auditoria', titulo: fijo(M.auditoria), principal: 'GET /api/auditoria' },
  {
    ruta: 'conciliaciones',
    area: 'conciliaciones',
    titulo: fijo(M.conciliaciones),
    principal: 'GET /api/conciliaciones',
  },
  {
    ruta: 'actualizaciones',
    area: 'actualizaciones',
    titulo: fijo(M.actualizaciones),
    principal: 'GET /api/actualizaciones',
    siempre: true,
  },
];

/** Whether the item shows: its main call is allowed and the company has the feature. */
const visible = (c: ContextoMenu, i: ItemMenu) => puedeLlamar(c, i.principal) && (i.ademas?.(c) ?? true);

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
  return MENU.filter((i) => visible(c, i) && enLista(c, i)).map((i) => ({
    ruta: i.ruta,
    titulo: i.titulo(c),
  }));
}

/** Whether /in/<ruta> may be opened (first path segment after /in/). */
export function rutaPermitida(c: ContextoMenu, ruta: string): boolean {
  const item = MENU.find((i) => i.ruta === (SUBRUTAS[ruta] ?? ruta));
  return item !== undefined && visible(c, item) && enLista(c, item);
}

/**
 * Where a refused /in/<ruta> goes (spec section 6): level 3 opening user administration, and
 * levels 2 and 3 opening balances, go to the company's login as the seed does; any other
 * refusal goes to the first allowed screen (rutaInicial). Both say why (M.sinAccesoSeccion).
 */
export function destinoRechazo(c: ContextoMenu, ruta: string): 'login' | 'inicio' {
  const menu = SUBRUTAS[ruta] ?? ruta;
  if (menu === 'usuarios' && c.nivel === NIVEL.cliente) return 'login';
  if (menu === 'saldos' && c.nivel >= NIVEL.lider) return 'login';
  return 'inicio';
}

/** Where a user lands after login: recargas, or the first route of their whitelist. */
export function rutaInicial(c: ContextoMenu): string {
  if (rutaPermitida(c, 'recargas')) return 'recargas';
  return menuPara(c)[0]?.ruta ?? 'actualizaciones';
}
