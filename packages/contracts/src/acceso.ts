import type { TIPOS_EXCEL } from './excel.ts';
import { esAdministrador, NIVELES, type Nivel } from './niveles.ts';
import { type Permiso, QUE_PERMITE } from './permisos.ts';

/**
 * Who may call each endpoint of the API: the one table the server's access check reads (every
 * route is looked up here at start-up; a route missing here does not start) and the browser
 * reads to decide what it shows. Levels and permissions are spec section 6; where the spec says
 * "level 1" for an administrator's screen, level 0 (root) is allowed too: root is above admin.
 */
export interface ReglaSesion {
  niveles: readonly Nivel[];
  /** All required. */
  permisos?: readonly Permiso[];
}
export type Regla =
  /** No session: login, the company's theme, the public top-up. */
  | { publico: true }
  /** No session, granted by an unguessable, short-lived name in the URL (Excel downloads). */
  | { capacidad: true }
  | ReglaSesion
  /**
   * No session: an API key (X-Api-Key) acting as its user, whose own rules apply to the screen
   * call each `/v1` route stands for (integraciones.ts, ACTUA_COMO).
   */
  | { llave: true }
  /** Any one of these. */
  | { cualquiera: readonly ReglaSesion[] };

/** The rules that ask for a session, as alternatives; none for a public endpoint. */
export const alternativas = (r: Regla): readonly ReglaSesion[] =>
  'cualquiera' in r ? r.cualquiera : 'niveles' in r ? [r] : [];

const TODOS = NIVELES;
const ADMINS = [0, 1] as const;
const NO_CLIENTES = [0, 1, 2] as const;
const publico = { publico: true } as const;
const llave = { llave: true } as const;
const todos = { niveles: TODOS } as const;
const admins = { niveles: ADMINS } as const;
const noClientes = { niveles: NO_CLIENTES } as const;
const adminCon = (p: Permiso) => ({ niveles: ADMINS, permisos: [p] }) as const;
/** Administrators, or leaders holding `p`. */
const adminOLiderCon = (p: Permiso) =>
  ({ cualquiera: [{ niveles: ADMINS }, { niveles: [2], permisos: [p] }] }) as const;

export const ENDPOINTS = {
  // Login and session (sections 2, 4 and 7)
  'GET /getEmpresa/{name}': publico,
  'GET /getEmpresa/{name}/logo': publico,
  'GET /getEmpresa/{name}/manifest.webmanifest': publico,
  'GET /getEmpresa/{name}/icono/{tam}': publico,
  'POST /iniciarSesion': publico,
  'POST /api/2fa/setup': publico,
  'POST /api/2fa/verify': publico,
  'POST /api/renuevaToken': publico,
  'POST /api/cerrarSesion': todos,
  'GET /quienSoy': todos,
  'GET /api/permisos': todos,
  // Root (level 0) works in any company: the switch gives a new session there
  'GET /cambiarEmpresa': { niveles: [0] },
  'POST /cambiarEmpresa': { niveles: [0] },
  // Top-ups: every level; external ones need RECARGA_EXTERNA; the no-user page is public
  'POST /checkOut': todos,
  'POST /foreignCheckOut': { niveles: TODOS, permisos: ['RECARGA_EXTERNA'] },
  'POST /checkOut/{compania}/recargaSinUsuario': publico,
  'GET /movimientos': todos,
  // Bulk top-ups and their scheduling (the company's scheduling feature is the service's)
  'GET /api/bloqueRecargasMasivas': adminCon('RECARGAS_MASIVAS'),
  'GET /api/recargasMasivas': adminCon('RECARGAS_MASIVAS'),
  'POST /api/recargarBloque': adminCon('RECARGAS_MASIVAS'),
  'POST /api/recargarIndividual': adminCon('RECARGAS_MASIVAS'),
  'POST /api/cambiaTiempoAutomatico': adminCon('RECARGAS_MASIVAS'),
  'GET /api/getRecargasProgramadas': adminCon('RECARGAS_MASIVAS'),
  'POST /api/cancelarProgramacion': adminCon('RECARGAS_MASIVAS'),
  // Balances and minimum balances: levels 0 and 1
  'GET /saldosData': admins,
  'GET /minimos': admins,
  'PATCH /minimos': admins,
  'GET /api/alertasSaldo': admins,
  'POST /api/configRecargasSinUsuario': admins,
  // Settings: the caller's own company (the token's), administrators only
  'GET /api/configuraciones': admins,
  'PATCH /api/configuraciones': admins,
  'POST /api/configuraciones/logo': admins,
  'GET /api/configuraciones/auditoria': admins,
  // Users: level 3 cannot open user admin, a leader manages his clients with USUARIO_CLIENTE
  // ('Mis clientes'); the amounts toggle needs PERMISO_MONTOS
  'POST /registrarUsuario': adminOLiderCon('USUARIO_CLIENTE'),
  'POST /editarUsuario': adminOLiderCon('USUARIO_CLIENTE'),
  'POST /eliminarUsuario': adminOLiderCon('USUARIO_CLIENTE'),
  'GET /api/usuarios': adminOLiderCon('USUARIO_CLIENTE'),
  'GET /api/usuarios/{id}': adminOLiderCon('USUARIO_CLIENTE'),
  'GET /api/usuariosMonto': adminCon('PERMISO_MONTOS'),
  'POST /api/setUsuariosMonto': adminCon('PERMISO_MONTOS'),
  'GET /api/lideres': noClientes,
  'GET /api/clientes': noClientes,
  // Line inventory: the edit column needs ADMINISTRAR_BASE, unlock DESBLOQUEAR_LINEAS
  'GET /iccs': noClientes,
  'POST /actualizarIcc': { niveles: NO_CLIENTES, permisos: ['ADMINISTRAR_BASE'] },
  'POST /desbloquearIcc': adminCon('DESBLOQUEAR_LINEAS'),
  // Upload: admins, or leaders with RETROALIMENTACION_LIDER (each action's own rule: the service)
  'POST /subirArchivo': adminOLiderCon('RETROALIMENTACION_LIDER'),
  'GET /subirArchivo/avance': adminOLiderCon('RETROALIMENTACION_LIDER'),
  'GET /get/plantilla': admins,
  'GET /get/plantilla/vendedor': adminOLiderCon('RETROALIMENTACION_LIDER'),
  'GET /get/plantilla/portabilidadesAdmin': adminCon('PORTABILIDADES'),
  'GET /get/plantilla/registroUsuarios': admins,
  // Excel: each kind is governed by its list's endpoint (EXCEL_DE below)
  'POST /excel': todos,
  'GET /excel/descargar': { capacidad: true },
  // Sales report for everyone (scoped by level inside); charts need GRAFICAS
  'GET /reportes': todos,
  'GET /reportesNew': todos,
  'GET /reportes/total': todos,
  'GET /reportesNew/total': todos,
  'GET /graficas': adminCon('GRAFICAS'),
  // Carrier platforms and comments: RECARGAS_CARRIER; the top-up screen reads the comments
  'GET /empresas': adminCon('RECARGAS_CARRIER'),
  'GET /plataformasEmpresa': adminCon('RECARGAS_CARRIER'),
  'POST /plataformasEmpresa': adminCon('RECARGAS_CARRIER'),
  'GET /plataformaCarrier': adminCon('RECARGAS_CARRIER'),
  'POST /cambiarPlataformasEmpresa': adminCon('RECARGAS_CARRIER'),
  'GET /api/comments/': todos,
  'POST /api/comments/': adminCon('RECARGAS_CARRIER'),
  // Release notes and notifications: every user reads their own
  'GET /api/actualizaciones': todos,
  'GET /api/actualizaciones/{id}': todos,
  'POST /firebase': todos,
  'GET /api/notificaciones': todos,
  'GET /api/notificaciones/clave': todos,
  'POST /api/notificaciones/leidas': todos,
  // An administrator notifies every user of the company (from the settings screen's menu)
  'POST /sendNotification': admins,
  // Port-outs: PORTABILIDADES; inventory days: INVENTARIO and not a client
  'GET /api/portOuts': adminCon('PORTABILIDADES'),
  'PATCH /api/portOuts': adminCon('PORTABILIDADES'),
  'POST /api/portOuts/activacion': adminCon('PORTABILIDADES'),
  'POST /api/portOuts/transactions': adminCon('PORTABILIDADES'),
  'POST /api/portOuts/foreignTransactions': adminCon('PORTABILIDADES'),
  'GET /api/portOuts/{dn}': adminCon('PORTABILIDADES'),
  'POST /api/portOuts/inventoryDays': { niveles: NO_CLIENTES, permisos: ['INVENTARIO'] },
  'POST /api/portOuts/inventoryDaysRoute': { niveles: NO_CLIENTES, permisos: ['INVENTARIO'] },
  // Recycling: the top-up screen's panels (RECICLAR_LINEAS, ACTIVACIONES_ATT), the bulk screen
  'POST /api/dnReciclar/{dn}': adminCon('RECICLAR_LINEAS'),
  'GET /api/recicladas/pendientesPorReciclar': adminCon('RECICLADO_MASIVO'),
  'POST /api/recicladas/pendientesPorReciclar': adminCon('RECICLADO_MASIVO'),
  'POST /api/recicladas/pendientesPorReciclar/{dn}': adminCon('RECICLADO_MASIVO'),
  'GET /statusActivacion/{icc}': adminCon('ACTIVACIONES_ATT'),
  // Reseller API (issue 23): administrators manage keys and webhooks; /v1 is called with a key
  'GET /api/llaves': admins,
  'POST /api/llaves': admins,
  'DELETE /api/llaves/{id}': admins,
  'GET /api/webhooks': admins,
  'POST /api/webhooks': admins,
  'DELETE /api/webhooks/{id}': admins,
  'GET /api/webhooks/entregas': admins,
  'POST /api/webhooks/entregas/{id}/reenviar': admins,
  // Reconciliation with the provider's statement (issue 22): levels 0 and 1
  'GET /api/conciliaciones': admins,
  'GET /api/conciliaciones/{id}': admins,
  'POST /api/conciliaciones/subir': admins,
  'POST /api/conciliaciones/obtener': admins,
  // Audit trail (issue 22): levels 0 and 1 read it; no route writes, updates or deletes a row
  'GET /api/auditoria': admins,
  'GET /api/auditoria/{id}': admins,
  'POST /v1/recargas': llave,
  'GET /v1/recargas': llave,
  'GET /v1/recargas/{id}': llave,
  'GET /v1/saldo': llave,
  'GET /v1/companias': llave,
  'GET /v1/operador/{dn}': llave,
} as const satisfies Record<string, Regla>;

export type Endpoint = keyof typeof ENDPOINTS;

/**
 * Screen routes (under /in/) and the endpoints each one calls. A user with a route whitelist
 * reaches only the endpoints of their routes plus SIEMPRE; the server refuses the rest.
 */
export const ENDPOINTS_DE_PANTALLA = {
  recargas: [
    'POST /checkOut',
    'POST /foreignCheckOut',
    'GET /movimientos',
    'GET /api/comments/',
    'POST /api/dnReciclar/{dn}',
    'GET /statusActivacion/{icc}',
  ],
  usuarios: [
    'POST /registrarUsuario',
    'POST /editarUsuario',
    'POST /eliminarUsuario',
    'GET /api/usuarios',
    'GET /api/usuarios/{id}',
    'GET /api/usuariosMonto',
    'POST /api/setUsuariosMonto',
    'GET /api/lideres',
    'GET /api/clientes',
    'POST /excel',
  ],
  ventas: [
    'GET /reportes',
    'GET /reportesNew',
    'GET /reportes/total',
    'GET /reportesNew/total',
    'POST /excel',
  ],
  subirArchivos: [
    'POST /subirArchivo',
    'GET /subirArchivo/avance',
    'GET /get/plantilla',
    'GET /get/plantilla/vendedor',
    'GET /get/plantilla/portabilidadesAdmin',
    'GET /get/plantilla/registroUsuarios',
  ],
  grarecicladoMasivo: [
    'GET /api/recicladas/pendientesPorReciclar',
    'POST /api/recicladas/pendientesPorReciclar',
    'POST /api/recicladas/pendientesPorReciclar/{dn}',
  ],
  administrarBase: [
    'GET /iccs',
    'POST /actualizarIcc',
    'POST /desbloquearIcc',
    'GET /api/lideres',
    'GET /api/clientes',
    'POST /excel',
  ],
  recargasMasivas: [
    'GET /api/bloqueRecargasMasivas',
    'GET /api/recargasMasivas',
    'POST /api/recargarBloque',
    'POST /api/recargarIndividual',
    'POST /api/cambiaTiempoAutomatico',
    'GET /api/getRecargasProgramadas',
    'POST /api/cancelarProgramacion',
  ],
  portabilidades: [
    'GET /api/portOuts',
    'PATCH /api/portOuts',
    'POST /api/portOuts/activacion',
    'POST /api/portOuts/transactions',
    'POST /api/portOuts/foreignTransactions',
    'GET /api/portOuts/{dn}',
    'POST /excel',
  ],
  graficas: ['GET /graficas'],
  inventario: ['POST /api/portOuts/inventoryDays', 'POST /api/portOuts/inventoryDaysRoute', 'POST /excel'],
  recargasCarier: [
    'GET /empresas',
    'GET /plataformasEmpresa',
    'POST /plataformasEmpresa',
    'GET /plataformaCarrier',
    'POST /cambiarPlataformasEmpresa',
    'GET /api/comments/',
    'POST /api/comments/',
  ],
  configRecargasSinUsuario: ['POST /api/configRecargasSinUsuario'],
  saldos: ['GET /saldosData', 'GET /minimos', 'PATCH /minimos', 'GET /api/alertasSaldo'],
  configuraciones: [
    'GET /api/configuraciones',
    'PATCH /api/configuraciones',
    'POST /api/configuraciones/logo',
    'GET /api/configuraciones/auditoria',
    'POST /sendNotification',
  ],
  actualizaciones: ['GET /api/actualizaciones', 'GET /api/actualizaciones/{id}'],
  auditoria: ['GET /api/auditoria', 'GET /api/auditoria/{id}', 'POST /excel'],
  conciliaciones: [
    'GET /api/conciliaciones',
    'GET /api/conciliaciones/{id}',
    'POST /api/conciliaciones/subir',
    'POST /api/conciliaciones/obtener',
    'POST /excel',
  ],
  integraciones: [
    'GET /api/llaves',
    'POST /api/llaves',
    'DELETE /api/llaves/{id}',
    'GET /api/webhooks',
    'POST /api/webhooks',
    'DELETE /api/webhooks/{id}',
    'GET /api/webhooks/entregas',
    'POST /api/webhooks/entregas/{id}/reenviar',
    'GET /api/usuarios',
  ],
} as const satisfies Record<string, readonly Endpoint[]>;

export type Pantalla = keyof typeof ENDPOINTS_DE_PANTALLA;
export const PANTALLAS = Object.keys(ENDPOINTS_DE_PANTALLA) as Pantalla[];

/** The shell's own calls, open to every session whatever its whitelist. */
export const SIEMPRE: readonly Endpoint[] = [
  'POST /api/cerrarSesion',
  'GET /quienSoy',
  'GET /api/permisos',
  'GET /cambiarEmpresa',
  'POST /cambiarEmpresa',
  'POST /firebase',
  'GET /api/notificaciones',
  'GET /api/notificaciones/clave',
  'POST /api/notificaciones/leidas',
  'GET /api/actualizaciones',
  'GET /api/actualizaciones/{id}',
];

/** Excel kinds (POST /excel `tipo`) and the list endpoint whose rule and screen govern each. */
export const EXCEL_DE = {
  USUARIOS: 'GET /api/usuarios',
  VENTAS: 'GET /reportesNew',
  ADMINISTRAR: 'GET /iccs',
  PORTAS: 'GET /api/portOuts',
  InventoryDays: 'POST /api/portOuts/inventoryDays',
  AUDITORIA: 'GET /api/auditoria',
  CONCILIACIONES: 'GET /api/conciliaciones',
  CONCILIACION: 'GET /api/conciliaciones/{id}',
} as const satisfies Record<(typeof TIPOS_EXCEL)[number], Endpoint>;

/** What the access check knows of a caller. */
export interface Llamante {
  nivel: number;
  permisos: readonly string[];
  /** Route whitelist; empty: no restriction. */
  rutas: readonly string[];
}

/** Whether `endpoint` is reachable from the caller's whitelist (always, without one). */
export function enSusRutas(u: Pick<Llamante, 'rutas'>, endpoint: Endpoint): boolean {
  if (u.rutas.length === 0 || SIEMPRE.includes(endpoint)) return true;
  return u.rutas.some((r) =>
    (ENDPOINTS_DE_PANTALLA[r as Pantalla] as readonly Endpoint[] | undefined)?.includes(endpoint),
  );
}

/** The one decision: may this caller call this endpoint (level, permissions, whitelist)? */
export function puedeLlamar(u: Llamante, endpoint: Endpoint): boolean {
  const opciones = alternativas(ENDPOINTS[endpoint]);
  if (opciones.length === 0) return true;
  const cumple = (r: ReglaSesion) =>
    r.niveles.includes(u.nivel as Nivel) && (r.permisos ?? []).every((p) => u.permisos.includes(p));
  return opciones.some(cumple) && enSusRutas(u, endpoint);
}

/** Every endpoint that checks permission `p`: the routes that require it and the services that read it. */
export function comprueban(p: Permiso): Endpoint[] {
  const enRuta = (Object.keys(ENDPOINTS) as Endpoint[]).filter((e) =>
    alternativas(ENDPOINTS[e]).some((r) => (r.permisos ?? []).includes(p)),
  );
  return [...new Set([...enRuta, ...(QUE_PERMITE[p].enServicio ?? [])])];
}

/**
 * Upload actions (spec section 9) a caller may run: 1 and 2 whoever may upload, 3 and 7
 * administrators, 4 administrators with RECARGAS_MASIVAS, 6 with PORTABILIDADES.
 */
export function accionPermitida(u: Llamante, accion: number): boolean {
  if (!puedeLlamar(u, 'POST /subirArchivo')) return false;
  const admin = esAdministrador(u.nivel);
  if (accion === 1 || accion === 2) return true;
  if (accion === 4) return admin && u.permisos.includes('RECARGAS_MASIVAS');
  if (accion === 6) return admin && u.permisos.includes('PORTABILIDADES');
  return admin && (accion === 3 || accion === 7);
}
