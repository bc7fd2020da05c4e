import type { Permiso } from '@recargas/contracts/permisos';

/**
 * Who may call each route, written from spec section 6 (and sections 2 and 7 for the screens
 * the routes serve), independently of the routes' own `config.acceso`: the security suite
 * compares the two. A route missing here fails the suite, so new routes must be added.
 */
export type Regla =
  | 'publico'
  /** Public by capability: the URL carries an unguessable name that expires (Excel downloads). */
  | 'capacidad'
  /** No session: an API key acting as its user (seguridad-llaves.test.ts). */
  | 'llave'
  | { niveles: readonly number[]; permisos?: readonly Permiso[] }
  /** Any one of these. */
  | { cualquiera: readonly { niveles: readonly number[]; permisos?: readonly Permiso[] }[] };

const TODOS = [0, 1, 2, 3] as const;
const ADMINS = [0, 1] as const;
const NO_CLIENTES = [0, 1, 2] as const;
/** Administrators, or leaders with `p`. */
const adminOLider = (p: Permiso) => ({ cualquiera: [{ niveles: ADMINS }, { niveles: [2], permisos: [p] }] });

export const MATRIZ: Record<string, Regla> = {
  // Login and session (sections 2, 4 and 7)
  'GET /getEmpresa/{name}': 'publico',
  'GET /getEmpresa/{name}/logo': 'publico',
  'GET /getEmpresa/{name}/manifest.webmanifest': 'publico',
  'GET /getEmpresa/{name}/icono/{tam}': 'publico',
  'POST /iniciarSesion': 'publico',
  'POST /api/2fa/setup': 'publico',
  'POST /api/2fa/verify': 'publico',
  'POST /api/renuevaToken': 'publico',
  'POST /api/cerrarSesion': { niveles: TODOS },
  'GET /quienSoy': { niveles: TODOS },
  'GET /api/permisos': { niveles: TODOS },
  // Only root (level 0) switches the company its session works in
  'GET /cambiarEmpresa': { niveles: [0] },
  'POST /cambiarEmpresa': { niveles: [0] },
  // Top-ups: every level tops up; external ones need RECARGA_EXTERNA; the no-user page is public
  'POST /checkOut': { niveles: TODOS },
  'POST /foreignCheckOut': { niveles: TODOS, permisos: ['RECARGA_EXTERNA'] },
  'POST /checkOut/{compania}/recargaSinUsuario': 'publico',
  'GET /movimientos': { niveles: TODOS },
  // Bulk top-ups and their scheduling: administrators with RECARGAS_MASIVAS (the company
  // feature for scheduling is checked by the service, 403 with its message)
  'GET /api/bloqueRecargasMasivas': { niveles: ADMINS, permisos: ['RECARGAS_MASIVAS'] },
  'GET /api/recargasMasivas': { niveles: ADMINS, permisos: ['RECARGAS_MASIVAS'] },
  'POST /api/recargarBloque': { niveles: ADMINS, permisos: ['RECARGAS_MASIVAS'] },
  'POST /api/recargarIndividual': { niveles: ADMINS, permisos: ['RECARGAS_MASIVAS'] },
  'POST /api/cambiaTiempoAutomatico': { niveles: ADMINS, permisos: ['RECARGAS_MASIVAS'] },
  'GET /api/getRecargasProgramadas': { niveles: ADMINS, permisos: ['RECARGAS_MASIVAS'] },
  'POST /api/cancelarProgramacion': { niveles: ADMINS, permisos: ['RECARGAS_MASIVAS'] },
  // Balances and minimum balances: levels 0 and 1 only; 'Recargas sin usuario' is level 1's
  'GET /saldosData': { niveles: ADMINS },
  'GET /minimos': { niveles: ADMINS },
  'PATCH /minimos': { niveles: ADMINS },
  'GET /api/alertasSaldo': { niveles: ADMINS },
  'POST /api/configRecargasSinUsuario': { niveles: ADMINS },
  // Settings (configuraciones): the company's theme, logo and features, administrators only;
  // always the caller's own company (the token's), so no route names a company
  'GET /api/configuraciones': { niveles: ADMINS },
  'PATCH /api/configuraciones': { niveles: ADMINS },
  'POST /api/configuraciones/logo': { niveles: ADMINS },
  'GET /api/configuraciones/auditoria': { niveles: ADMINS },
  // Audit trail (issue 22): levels 0 and 1 read their company's; no route changes a row
  'GET /api/auditoria': { niveles: ADMINS },
  'GET /api/auditoria/{id}': { niveles: ADMINS },
  // Users: level 3 cannot open user admin; a leader manages his clients only with USUARIO_CLIENTE
  // (the menu's 'Mis clientes'); the amounts toggle needs PERMISO_MONTOS and level 1
  'POST /registrarUsuario': adminOLider('USUARIO_CLIENTE'),
  'POST /editarUsuario': adminOLider('USUARIO_CLIENTE'),
  'POST /eliminarUsuario': adminOLider('USUARIO_CLIENTE'),
  'GET /api/usuarios': adminOLider('USUARIO_CLIENTE'),
  'GET /api/usuarios/{id}': adminOLider('USUARIO_CLIENTE'),
  'GET /api/usuariosMonto': { niveles: ADMINS, permisos: ['PERMISO_MONTOS'] },
  'POST /api/setUsuariosMonto': { niveles: ADMINS, permisos: ['PERMISO_MONTOS'] },
  'GET /api/lideres': { niveles: NO_CLIENTES },
  'GET /api/clientes': { niveles: NO_CLIENTES },
  // Line inventory: administrarBase is for non-clients; its edit column needs ADMINISTRAR_BASE;
  // unlock is level 1 with DESBLOQUEAR_LINEAS
  'GET /iccs': { niveles: NO_CLIENTES },
  'POST /actualizarIcc': { niveles: NO_CLIENTES, permisos: ['ADMINISTRAR_BASE'] },
  'POST /desbloquearIcc': { niveles: ADMINS, permisos: ['DESBLOQUEAR_LINEAS'] },
  // Upload: admins, or non-level-3 users with the leader-feedback permission
  'POST /subirArchivo': adminOLider('RETROALIMENTACION_LIDER'),
  'GET /subirArchivo/avance': adminOLider('RETROALIMENTACION_LIDER'),
  'GET /get/plantilla': { niveles: ADMINS },
  'GET /get/plantilla/vendedor': adminOLider('RETROALIMENTACION_LIDER'),
  'GET /get/plantilla/portabilidadesAdmin': { niveles: ADMINS, permisos: ['PORTABILIDADES'] },
  'GET /get/plantilla/registroUsuarios': { niveles: ADMINS },
  // Excel: every list screen exports, so every level; the download URL is a capability
  'POST /excel': { niveles: TODOS },
  'GET /excel/descargar': 'capacidad',
  // Sales report for everyone (scoped by level inside); charts need an admin with GRAFICAS
  'GET /reportes': { niveles: TODOS },
  'GET /reportesNew': { niveles: TODOS },
  'GET /reportes/total': { niveles: TODOS },
  'GET /reportesNew/total': { niveles: TODOS },
  'GET /graficas': { niveles: ADMINS, permisos: ['GRAFICAS'] },
  // Carrier top-ups need the permission and level 1; the top-up screen reads the comments
  'GET /empresas': { niveles: ADMINS, permisos: ['RECARGAS_CARRIER'] },
  'GET /plataformasEmpresa': { niveles: ADMINS, permisos: ['RECARGAS_CARRIER'] },
  'POST /plataformasEmpresa': { niveles: ADMINS, permisos: ['RECARGAS_CARRIER'] },
  'GET /plataformaCarrier': { niveles: ADMINS, permisos: ['RECARGAS_CARRIER'] },
  'POST /cambiarPlataformasEmpresa': { niveles: ADMINS, permisos: ['RECARGAS_CARRIER'] },
  'GET /api/comments/': { niveles: TODOS },
  'POST /api/comments/': { niveles: ADMINS, permisos: ['RECARGAS_CARRIER'] },
  // Release notes and notifications: every user reads their own (spec section 2, 'always')
  'GET /api/actualizaciones': { niveles: TODOS },
  'GET /api/actualizaciones/{id}': { niveles: TODOS },
  'POST /firebase': { niveles: TODOS },
  'GET /api/notificaciones': { niveles: TODOS },
  'GET /api/notificaciones/clave': { niveles: TODOS },
  'POST /api/notificaciones/leidas': { niveles: TODOS },
  'POST /sendNotification': { niveles: ADMINS },
  // Port-outs: an administrator with PORTABILIDADES; inventory days: INVENTARIO and not a client
  'GET /api/portOuts': { niveles: ADMINS, permisos: ['PORTABILIDADES'] },
  'PATCH /api/portOuts': { niveles: ADMINS, permisos: ['PORTABILIDADES'] },
  'POST /api/portOuts/activacion': { niveles: ADMINS, permisos: ['PORTABILIDADES'] },
  'POST /api/portOuts/transactions': { niveles: ADMINS, permisos: ['PORTABILIDADES'] },
  'POST /api/portOuts/foreignTransactions': { niveles: ADMINS, permisos: ['PORTABILIDADES'] },
  'GET /api/portOuts/{dn}': { niveles: ADMINS, permisos: ['PORTABILIDADES'] },
  'POST /api/portOuts/inventoryDays': { niveles: NO_CLIENTES, permisos: ['INVENTARIO'] },
  'POST /api/portOuts/inventoryDaysRoute': { niveles: NO_CLIENTES, permisos: ['INVENTARIO'] },
  // Recycling: the top-up screen's panel is RECICLAR_LINEAS, the bulk screen RECICLADO_MASIVO,
  // the Estatus ICC ATT panel ACTIVACIONES_ATT; all three are administrators' (section 6, set B)
  'POST /api/dnReciclar/{dn}': { niveles: ADMINS, permisos: ['RECICLAR_LINEAS'] },
  'GET /api/recicladas/pendientesPorReciclar': { niveles: ADMINS, permisos: ['RECICLADO_MASIVO'] },
  'POST /api/recicladas/pendientesPorReciclar': { niveles: ADMINS, permisos: ['RECICLADO_MASIVO'] },
  'POST /api/recicladas/pendientesPorReciclar/{dn}': { niveles: ADMINS, permisos: ['RECICLADO_MASIVO'] },
  'GET /statusActivacion/{icc}': { niveles: ADMINS, permisos: ['ACTIVACIONES_ATT'] },
  // Reseller API (issue 23): keys and webhooks are the company administrators'; /v1 takes a key
  'GET /api/llaves': { niveles: ADMINS },
  'POST /api/llaves': { niveles: ADMINS },
  'DELETE /api/llaves/{id}': { niveles: ADMINS },
  'GET /api/webhooks': { niveles: ADMINS },
  'POST /api/webhooks': { niveles: ADMINS },
  'DELETE /api/webhooks/{id}': { niveles: ADMINS },
  'GET /api/webhooks/entregas': { niveles: ADMINS },
  'POST /api/webhooks/entregas/{id}/reenviar': { niveles: ADMINS },
  // Reconciliation with the provider's statement (issue 22): levels 0 and 1, their company's days
  'GET /api/conciliaciones': { niveles: ADMINS },
  'GET /api/conciliaciones/{id}': { niveles: ADMINS },
  'POST /api/conciliaciones/subir': { niveles: ADMINS },
  'POST /api/conciliaciones/obtener': { niveles: ADMINS },
  'POST /v1/recargas': 'llave',
  'GET /v1/recargas': 'llave',
  'GET /v1/recargas/{id}': 'llave',
  'GET /v1/saldo': 'llave',
  'GET /v1/companias': 'llave',
  'GET /v1/operador/{dn}': 'llave',
};

/**
 * The demo users limited by a route whitelist (spec section 2, Login), and every endpoint each
 * may reach at all, written from the screens they are given (their level and permissions still
 * apply on top): portas has recargas and portabilidades, capturista administrarBase. Both also
 * reach the shell's own calls (session, release notes, notifications). Written here, not read from
 * ENDPOINTS_DE_PANTALLA: an endpoint added to a whitelisted screen by mistake must fail this suite.
 */
const SHELL = [
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
export const LISTA_BLANCA: Record<string, ReadonlySet<string>> = {
  portas: new Set([
    ...SHELL,
    'POST /checkOut',
    'POST /foreignCheckOut',
    'GET /movimientos',
    'GET /api/comments/',
    'POST /api/dnReciclar/{dn}',
    'GET /statusActivacion/{icc}',
    'GET /api/portOuts',
    'PATCH /api/portOuts',
    'POST /api/portOuts/activacion',
    'POST /api/portOuts/transactions',
    'POST /api/portOuts/foreignTransactions',
    'GET /api/portOuts/{dn}',
    'POST /excel',
  ]),
  capturista: new Set([
    ...SHELL,
    'GET /iccs',
    'POST /actualizarIcc',
    'POST /desbloquearIcc',
    'GET /api/lideres',
    'GET /api/clientes',
    'POST /excel',
  ]),
};

/** Whether the matrix lets a user of this level, permissions and username call `celda`. */
export function permite(celda: string, u: { nivel: number; permisos: readonly string[]; nombre: string }) {
  const regla = MATRIZ[celda];
  if (regla === undefined) return false;
  if (regla === 'llave') return false;
  if (typeof regla === 'string') return true;
  const lista = LISTA_BLANCA[u.nombre];
  const opciones = 'cualquiera' in regla ? regla.cualquiera : [regla];
  return (
    opciones.some(
      (r) => r.niveles.includes(u.nivel) && (r.permisos ?? []).every((p) => u.permisos.includes(p)),
    ) &&
    (lista === undefined || lista.has(celda))
  );
}
